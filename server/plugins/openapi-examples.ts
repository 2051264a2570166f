import { z } from "zod";
import { loginSchema, registerSchema } from "../../core/contracts/accounts";
import { placeBidSchema } from "../../core/contracts/bidding";
import { cartValidateRequestSchema, checkoutRequestSchema } from "../../core/contracts/buying";
import { sendMessageSchema } from "../../core/contracts/messages";
import { createListingSchema } from "../../core/contracts/selling";

/**
 * Examples of the main requests, published in the OpenAPI document beside their schemas (the
 * `example` of each request body). Kept here rather than in the contracts: the page does not need
 * them, and every one is checked against its own schema (openapi-examples.test.ts), so an example
 * cannot drift from what the API accepts. Slugs are the demo data's.
 */
export const REQUEST_EXAMPLES: ReadonlyArray<readonly [z.ZodType, unknown]> = [
  [loginSchema, { email: "you@example.com", password: "your password", rememberMe: false }],
  [
    registerSchema,
    {
      firstName: "Aaliyah",
      lastName: "Baptiste",
      email: "aaliyah@example.com",
      password: "Correct-horse-9",
      accountType: "personal",
      marketingEmails: false,
    },
  ],
  [
    createListingSchema,
    {
      kind: "fixed_price",
      title: "Samsung Galaxy A54, 128 GB, unlocked",
      category: "electronics",
      subcategory: "phones",
      territory: "jamaica",
      condition: "like-new",
      description: "Used for six months, always in a case. Charger and box included.",
      specifications: [{ key: "Storage", value: "128 GB" }],
      imageIds: [],
      priceCents: 32_500,
      quantity: 1,
      shippingCents: 1_500,
      returnPolicyDays: 30,
      localPickup: true,
    },
  ],
  [placeBidSchema, { amountCents: 12_500, maxAmountCents: 20_000 }],
  [
    cartValidateRequestSchema,
    { lines: [{ listingId: "7b0e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b", quantity: 1 }] },
  ],
  [
    checkoutRequestSchema,
    { lines: [{ listingId: "7b0e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b", quantity: 2 }] },
  ],
  [
    sendMessageSchema,
    { text: "Is the phone still available? I can collect in Kingston.", attachments: [] },
  ],
];

/** Puts each example on its schema, in zod's global registry, where the document reads it. */
export function registerRequestExamples() {
  for (const [schema, example] of REQUEST_EXAMPLES) {
    const meta = z.globalRegistry.get(schema);
    if (meta && "example" in meta) continue;
    // Whatever metadata the schema already has (a description) is kept beside the example.
    z.globalRegistry.remove(schema);
    z.globalRegistry.add(schema, { ...meta, example });
  }
}
