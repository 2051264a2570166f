import { describe, expect, it } from "vitest";
import { REQUEST_EXAMPLES } from "./openapi-examples";

describe("the OpenAPI document's request examples", () => {
  it.each(REQUEST_EXAMPLES.map(([schema, example], i) => ({ i, schema, example })))(
    "example $i is accepted by its own schema",
    ({ schema, example }) => {
      const result = schema.safeParse(example);
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );
});
