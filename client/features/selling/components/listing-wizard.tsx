import { ArrowLeft, Check } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { FieldPath } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { CategoryNode, Territory } from "../../../../core/contracts/browse";
import type { EditableListing } from "../../../../core/contracts/selling";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useGoBack } from "../../../lib/use-go-back";
import { useCreateListing } from "../api/create-listing";
import { useMyListings } from "../api/get-my-listings";
import {
  formErrorsFromApi,
  type ListingFormValues,
  toListingInput,
  useListingForm,
  valuesFromListing,
} from "../hooks/use-listing-form";
import { usePhotoUploads } from "../hooks/use-photo-uploads";
import { useSellerVerification } from "../hooks/use-seller-verification";
import { DescriptionFields } from "./description-fields";
import { DetailsFields } from "./details-fields";
import { createdThisMonth } from "./fee-calculator";
import { LISTING_STEPS, stepOfPath } from "./listing-steps";
import { PhotoPicker } from "./photo-picker";
import { PricingFields } from "./pricing-fields";
import { ShippingFields } from "./shipping-fields";
import { StepSection } from "./step-section";
import { UpgradeFields } from "./upgrade-fields";

export const PHOTOS_BUSY = "Please wait for your photos to finish uploading.";
export const PHOTOS_FAILED = "Remove the photos that could not be uploaded, or try them again.";

/** The wizard's progress: "Step 2 of 5: Photos", a bar, and the steps' names on wider screens. */
function WizardProgress({ step }: { step: number }) {
  const current = LISTING_STEPS[step];
  const total = LISTING_STEPS.length;
  const text = `Step ${step + 1} of ${total}: ${current?.name}`;
  return (
    <div className="flex flex-col gap-2">
      <p id="wizard-progress-label" className="text-sm font-semibold text-slate-800">
        {text}
      </p>
      <div
        role="progressbar"
        aria-labelledby="wizard-progress-label"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-sand-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-all duration-300"
          style={{ width: `${((step + 1) / total) * 100}%` }}
        />
      </div>
      <ol aria-hidden="true" className="hidden grid-cols-5 gap-2 text-xs sm:grid">
        {LISTING_STEPS.map((s, index) => (
          <li
            key={s.id}
            className={cn(
              "flex items-center gap-1",
              index === step ? "font-semibold text-brand-800" : "text-slate-700",
            )}
          >
            {index < step && <Check className="size-3.5 text-brand-700" />}
            {s.name}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The create-listing wizard (spec: five steps, progress bar, Back, Previous, Continue, "List it
 * now"). Each step is checked with the API's own schema before Continue; the listing is sent once,
 * at the end, after the seller's account has been verified.
 */
export function ListingWizard({
  categories,
  territories,
  from,
}: {
  categories: CategoryNode[];
  territories: Territory[];
  /**
   * Sell similar or Relist (issue 30): the wizard starts filled from one of the seller's
   * listings, photos included (shared with it, never moved); nothing is listed until "List it now".
   */
  from?: { listing: EditableListing; relist: boolean };
}) {
  const [step, setStep] = useState(0);
  const [photoError, setPhotoError] = useState<string>();
  const photos = usePhotoUploads(from?.listing.images);
  const form = useListingForm({
    defaultValues: from ? valuesFromListing(from.listing) : undefined,
    getImageIds: () => photos.imageIds,
  });
  const create = useCreateListing();
  // This month's listings, for the insertion fee the last step adds to the upgrades' total.
  const mine = useMyListings();
  const { ensureVerified, sendAway } = useSellerVerification();
  const navigate = useNavigate();
  const goBack = useGoBack("/sell");
  const heading = useRef<HTMLHeadingElement>(null);
  const last = LISTING_STEPS.length - 1;
  const current = LISTING_STEPS[step] ?? LISTING_STEPS[0];

  // A new step takes focus to its heading, so the change is announced and Tab starts there.
  const goTo = (next: number) => {
    flushSync(() => setStep(next));
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  };

  /** The photos step's own rule: nothing still uploading, nothing failed left behind. */
  const photosReady = (): boolean => {
    const problem = photos.uploading ? PHOTOS_BUSY : photos.failed ? PHOTOS_FAILED : undefined;
    setPhotoError(problem);
    return !problem;
  };

  const validateStep = async (index: number): Promise<boolean> => {
    if (LISTING_STEPS[index]?.id === "photos") return photosReady();
    const fields = LISTING_STEPS[index]?.fields ?? [];
    if (fields.length === 0) return true;
    return form.trigger(fields as unknown as FieldPath<ListingFormValues>[], {
      shouldFocus: true,
    });
  };

  const next = async () => {
    if (await validateStep(step)) goTo(Math.min(step + 1, last));
  };

  const submit = async () => {
    if (!ensureVerified()) return;
    // Every step again, in order: the first one with a problem is where the seller goes back to.
    for (let index = 0; index <= last; index += 1) {
      if (!(await validateStep(index))) {
        if (index !== step) goTo(index);
        return;
      }
    }
    const input = {
      ...toListingInput(form.getValues(), photos.imageIds),
      ...(from ? { sourceListingId: from.listing.id, relist: from.relist } : {}),
    };
    create.mutate(input, {
      onSuccess: (created) => {
        // A listing rule matched: it waits for a moderator, and the seller is told why.
        if (created.moderation === "held") {
          toast.warning("Your listing is held for review before it goes live.", {
            description: created.moderationReason ?? undefined,
            duration: 10_000,
          });
        } else {
          toast.success("Listing created successfully!");
        }
        // A copy goes to its new page, where the seller sees what buyers (and watchers) will.
        navigate(from && created.moderation !== "held" ? `/listing/${created.id}` : "/my/selling");
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          sendAway("signed-out");
          return;
        }
        let firstStep = Number.POSITIVE_INFINITY;
        if (error instanceof ApiError) {
          for (const { path, message } of formErrorsFromApi(error.fields)) {
            const at = stepOfPath(path);
            if (at < 0) continue;
            if (path === "imageIds") setPhotoError(message);
            else form.setError(path as FieldPath<ListingFormValues>, { message });
            firstStep = Math.min(firstStep, at);
          }
        }
        if (Number.isFinite(firstStep) && firstStep !== step) goTo(firstStep);
        toast.error(error instanceof ApiError ? error.message : "Failed to create listing");
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    void (step < last ? next() : submit());
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
      </div>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {from ? (from.relist ? "Relist your item" : "Sell similar") : "List an item"}
      </h1>
      {from && (
        <p className="rounded-xl bg-sand-100 px-4 py-3 text-sm text-slate-800">
          Filled in from <span className="font-semibold">{from.listing.title}</span>. Change
          anything you like: nothing is listed until you choose List it now.
          {from.relist && " People watching the old listing will be told about the new one."}
        </p>
      )}
      <WizardProgress step={step} />
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Create a listing"
        className="flex flex-col gap-6"
      >
        <StepSection id={`step-${current.id}`} heading={current.heading} headingRef={heading}>
          {current.id === "details" && (
            <DetailsFields form={form} categories={categories} territories={territories} />
          )}
          {current.id === "photos" && <PhotoPicker photos={photos} error={photoError} />}
          {current.id === "description" && <DescriptionFields form={form} />}
          {current.id === "pricing" && <PricingFields form={form} />}
          {current.id === "shipping" && (
            <>
              <ShippingFields form={form} />
              <UpgradeFields
                form={form}
                listingsThisMonth={createdThisMonth(mine.data?.items ?? [])}
              />
            </>
          )}
        </StepSection>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <Button
              variant="outline"
              size="lg"
              onClick={() => goTo(step - 1)}
              disabled={create.isPending}
            >
              Previous
            </Button>
          ) : (
            <span aria-hidden="true" />
          )}
          {step < last ? (
            <Button key="continue" type="submit" size="lg">
              Continue
            </Button>
          ) : (
            <Button
              key="submit"
              type="submit"
              variant="accent"
              size="lg"
              disabled={create.isPending}
            >
              {create.isPending ? "Creating listing..." : "List it now"}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
