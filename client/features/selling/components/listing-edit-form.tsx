import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { FieldPath } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { CategoryNode, Territory } from "../../../../core/contracts/browse";
import type { EditableListing, UpdateListingInput } from "../../../../core/contracts/selling";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { useUpdateListing } from "../api/update-listing";
import {
  changedFields,
  formErrorsFromApi,
  type ListingFieldName,
  type ListingFormValues,
  toListingInput,
  useListingForm,
  valuesFromListing,
} from "../hooks/use-listing-form";
import { usePhotoUploads } from "../hooks/use-photo-uploads";
import { DescriptionFields } from "./description-fields";
import { DetailsFields } from "./details-fields";
import { LISTING_STEPS } from "./listing-steps";
import { PHOTOS_BUSY, PHOTOS_FAILED } from "./listing-wizard";
import { PhotoPicker } from "./photo-picker";
import { PricingFields } from "./pricing-fields";
import { ShippingFields } from "./shipping-fields";
import { StepSection } from "./step-section";
import { UpgradeFields } from "./upgrade-fields";

/** What may still change once an auction has bids (the server answers 422 for anything else). */
const LOCKED_EDITABLE: readonly ListingFieldName[] = ["description", "upgrades", "subtitle"];

/** The API fields each form field sends; a new category or format carries its dependants. */
const SENDS: Record<ListingFieldName, (keyof UpdateListingInput)[]> = {
  title: ["title"],
  category: ["category", "subcategory"],
  subcategory: ["subcategory"],
  territory: ["territory"],
  condition: ["condition"],
  description: ["description"],
  specifications: ["specifications"],
  kind: [
    "kind",
    "priceCents",
    "quantity",
    "durationDays",
    "reservePriceCents",
    "buyItNowPriceCents",
    "acceptsOffers",
    "autoAcceptCents",
    "autoDeclineCents",
  ],
  price: ["priceCents"],
  quantity: ["quantity"],
  durationDays: ["durationDays"],
  reservePrice: ["reservePriceCents"],
  buyItNowPrice: ["buyItNowPriceCents"],
  acceptsOffers: ["acceptsOffers", "autoAcceptCents", "autoDeclineCents"],
  autoAccept: ["autoAcceptCents"],
  autoDecline: ["autoDeclineCents"],
  // The table is sent whole whenever a part of it changed (the island price is its first row).
  shipping: ["shippingCents", "shippingOptions"],
  returnPolicyDays: ["returnPolicyDays"],
  upgrades: ["upgrades", "subtitle"],
  subtitle: ["upgrades", "subtitle"],
  localPickup: ["localPickup", "shippingOptions"],
  handlingDays: ["handlingDays"],
  shipSame: ["shippingOptions"],
  shipSameService: ["shippingOptions"],
  shipCaribbean: ["shippingOptions"],
  shipCaribbeanService: ["shippingOptions"],
  caribbeanCost: ["shippingOptions"],
  shipWorld: ["shippingOptions"],
  shipWorldService: ["shippingOptions"],
  worldCost: ["shippingOptions"],
};

function photosChanged(listing: EditableListing, imageIds: string[]): boolean {
  return JSON.stringify(listing.images.map((i) => i.id)) !== JSON.stringify(imageIds);
}

/** The PATCH body: the API fields of the changed form fields, and the photos if they changed. */
function changesToSend(
  full: UpdateListingInput,
  changed: ListingFieldName[],
  withPhotos: boolean,
): UpdateListingInput {
  const keys = new Set(changed.flatMap((field) => SENDS[field]));
  if (withPhotos) keys.add("imageIds");
  const body: Record<string, unknown> = {};
  for (const key of keys) body[key] = full[key];
  return body as UpdateListingInput;
}

/**
 * /listing/{id}/edit: the wizard's five parts on one page, filled in from the listing. Once an
 * auction has bids, everything but the description and photos is shown disabled.
 */
export function ListingEditForm({
  listing,
  categories,
  territories,
}: {
  listing: EditableListing;
  categories: CategoryNode[];
  territories: Territory[];
}) {
  const { locked } = listing;
  const photos = usePhotoUploads(listing.images);
  const [photoError, setPhotoError] = useState<string>();
  const [initial] = useState(() => valuesFromListing(listing));
  // Only what the seller changed is checked and sent: older listings may hold values the form
  // would no longer offer (a 2-day auction), and they should not block editing the rest.
  const editable = (values: ListingFormValues) =>
    changedFields(values, initial).filter((f) => !locked || LOCKED_EDITABLE.includes(f));
  const form = useListingForm({
    defaultValues: initial,
    getImageIds: () => photos.imageIds,
    reportFields: editable,
  });
  const update = useUpdateListing(listing.id);
  const navigate = useNavigate();

  const save = form.handleSubmit(
    (values: ListingFormValues) => {
      const problem = photos.uploading ? PHOTOS_BUSY : photos.failed ? PHOTOS_FAILED : undefined;
      setPhotoError(problem);
      if (problem) return;
      const input = changesToSend(
        toListingInput(values, photos.imageIds),
        editable(values),
        photosChanged(listing, photos.imageIds),
      );
      if (Object.keys(input).length === 0) {
        toast("You haven't changed anything yet.");
        return;
      }
      update.mutate(input, {
        onSuccess: (updated) => {
          if (updated.moderation === "held") {
            toast.warning("Your listing is updated and held for review before it goes live.", {
              description: updated.moderationReason ?? undefined,
              duration: 10_000,
            });
          } else {
            toast.success("Your listing has been updated.");
          }
          navigate("/my/selling");
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const { path, message } of formErrorsFromApi(error.fields)) {
              if (path === "imageIds") setPhotoError(message);
              else form.setError(path as FieldPath<ListingFormValues>, { message });
            }
          }
          toast.error(error instanceof ApiError ? error.message : "Failed to update listing");
        },
      });
    },
    () => toast.error("Please correct the highlighted fields."),
  );

  const onSubmit = (event: FormEvent) => {
    if (update.isPending) {
      event.preventDefault();
      return;
    }
    void save(event);
  };

  const [details, photoStep, description, pricing, shipping] = LISTING_STEPS;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit listing" className="flex flex-col gap-6">
      {locked && (
        <div
          role="note"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            This auction has bids, so only its description and photos can change. Everything else
            stays as buyers bid on it.
          </p>
        </div>
      )}
      <StepSection id="edit-details" heading={details.heading}>
        <DetailsFields
          form={form}
          categories={categories}
          territories={territories}
          disabled={locked}
        />
      </StepSection>
      <StepSection id="edit-photos" heading={photoStep.heading}>
        <PhotoPicker photos={photos} error={photoError} />
      </StepSection>
      <StepSection id="edit-description" heading={description.heading}>
        <DescriptionFields form={form} specificationsDisabled={locked} />
      </StepSection>
      <StepSection id="edit-pricing" heading={pricing.heading}>
        <PricingFields form={form} disabled={locked} />
      </StepSection>
      <StepSection id="edit-shipping" heading={shipping.heading}>
        <ShippingFields form={form} disabled={locked} />
      </StepSection>
      <StepSection id="edit-upgrades" heading="Make it stand out">
        <UpgradeFields form={form} paid={listing.paidUpgrades} />
      </StepSection>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/my/selling" className={buttonClasses("outline", "lg")}>
          Cancel
        </Link>
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
