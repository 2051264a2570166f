import { useQueryClient } from "@tanstack/react-query";
import { Download, FileUp, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { ListingUpload, ListingUploadRow } from "../../../../core/contracts/listing-uploads";
import { Button, buttonClasses } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { ApiError } from "../../../lib/api-client";
import { pluralize } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";
import {
  LISTING_TEMPLATE_URL,
  LISTINGS_CSV_URL,
  uploadListingsFile,
  useConfirmListingUpload,
  useListingUpload,
} from "../api/listing-uploads";
import { afterListingCreated } from "../cache";

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** "Download listings": the seller's listings as CSV, saved by the browser. */
export function DownloadListingsLink() {
  return (
    <a href={LISTINGS_CSV_URL} download className={buttonClasses("outline", "md")}>
      <Download aria-hidden="true" className="size-4" />
      Download listings
    </a>
  );
}

const ROW_STATUS: Record<ListingUploadRow["status"], { label: string; className: string }> = {
  ready: { label: "Ready", className: "bg-emerald-100 text-emerald-900" },
  invalid: { label: "Has errors", className: "bg-coral-100 text-coral-900" },
  created: { label: "Created", className: "bg-brand-100 text-brand-900" },
  failed: { label: "Not created", className: "bg-coral-100 text-coral-900" },
};

function RowResult({ row }: { row: ListingUploadRow }) {
  const errors = Object.entries(row.errors);
  return (
    <div className="flex flex-col gap-1">
      <span
        className={`w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${ROW_STATUS[row.status].className}`}
      >
        {ROW_STATUS[row.status].label}
      </span>
      {errors.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-sm text-coral-900">
          {errors.map(([column, message]) => (
            <li key={column}>
              <span className="font-mono text-xs font-semibold">{column}</span>: {message}
            </li>
          ))}
        </ul>
      )}
      {row.status === "created" && row.listingId && (
        <Link
          to={`/listing/${row.listingId}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
          View listing
          {row.moderation === "held" && <span className="sr-only"> (held for review)</span>}
        </Link>
      )}
      {row.moderation === "held" && (
        <span className="text-sm text-amber-900">Held for review before it goes live.</span>
      )}
    </div>
  );
}

/** Each row of the file, its line as the spreadsheet numbers it; the table scrolls on a phone. */
function RowsTable({ upload }: { upload: ListingUpload }) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      className="max-h-[32rem] overflow-auto rounded-lg border border-sand-200"
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          Rows of {upload.fileName}
        </caption>
        <thead className="sticky top-0 bg-sand-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-3">
              Line
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3">
              Title
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3">
              Result
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200 bg-white">
          {upload.rows.map((row) => (
            <tr key={row.line} className="align-top">
              <td className="px-2 py-2 tabular-nums text-slate-700 sm:px-3">{row.line}</td>
              <td className="break-words px-2 py-2 font-medium text-slate-900 [overflow-wrap:anywhere] sm:px-3">
                {row.title || <span className="text-slate-600">(no title)</span>}
              </td>
              <td className="px-2 py-2 [overflow-wrap:anywhere] sm:px-3">
                <RowResult row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Summary({ upload }: { upload: ListingUpload }) {
  const { counts } = upload;
  if (upload.status === "previewed")
    return (
      <p className="text-sm text-slate-800">
        {pluralize(counts.rows, "row")}: {counts.ready} ready, {counts.invalid} with errors.
        {counts.invalid > 0 &&
          " Fix the rows with errors in your file and upload it again, or create the ready ones now."}
      </p>
    );
  const total = counts.created + counts.failed + counts.ready;
  const finished = counts.created + counts.failed;
  if (upload.status === "running")
    return (
      <div className="flex flex-col gap-2" role="status">
        <p className="text-sm text-slate-800">
          Creating listings: {finished} of {total}
        </p>
        <progress
          value={finished}
          max={total}
          aria-label="Listings created"
          className="h-2 w-full accent-brand-600"
        />
      </div>
    );
  return (
    <p role="status" className="text-sm font-semibold text-slate-900">
      Created {pluralize(counts.created, "listing")}
      {counts.failed > 0 && `; ${counts.failed} could not be created (see why below)`}
      {counts.invalid > 0 && `; ${counts.invalid} with errors skipped`}.
    </p>
  );
}

/**
 * "Upload listings" on the Selling page: a CSV of the template's columns is checked row by row
 * (the sell form's messages, by column), then the ready rows are created in the background with
 * progress, and each row's outcome links to its listing.
 */
export function ListingUploadPanel({ onClose }: { onClose: () => void }) {
  const inputId = useId();
  const helpId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useListingUpload(uploadId);
  const confirm = useConfirmListingUpload();
  const queryClient = useQueryClient();
  const sellerId = useSession().user?.id;
  const current = upload.data;

  const done = current?.status === "done";
  useEffect(() => {
    if (done) void afterListingCreated(queryClient, { sellerId });
  }, [done, queryClient, sellerId]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setSending(true);
    setFileError(null);
    try {
      const preview = await uploadListingsFile(file);
      queryClient.setQueryData(queryKeys.selling.listingUpload(preview.id), preview);
      setUploadId(preview.id);
    } catch (error) {
      setUploadId(null);
      setFileError(errorMessage(error, "The file could not be read."));
    } finally {
      setSending(false);
      // The same file, fixed and saved again, must fire a change once more.
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-4 rounded-xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
          Upload listings
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close Upload listings">
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <p id={helpId} className="text-sm text-slate-700">
        One row per listing, in the columns of the{" "}
        <a href={LISTING_TEMPLATE_URL} download className="font-semibold text-brand-700 underline">
          CSV template
        </a>
        . Photos are the addresses of photos you uploaded here. At most 1,000 rows and 2 MB. You see
        every row's errors before anything is created.
      </p>
      {current?.status !== "running" && (
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
            CSV file
          </label>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={helpId}
            disabled={sending}
            onChange={(event) => void choose(event)}
            className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          {sending && <p className="text-sm text-slate-700">Checking the file...</p>}
        </div>
      )}
      <FormAlert>{fileError}</FormAlert>
      {current && (
        <>
          <Summary upload={current} />
          {current.status === "previewed" && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                disabled={current.counts.ready === 0 || confirm.isPending}
                onClick={() =>
                  confirm.mutate(current.id, {
                    onError: (error) =>
                      setFileError(errorMessage(error, "The listings could not be created.")),
                  })
                }
              >
                <FileUp aria-hidden="true" className="size-4" />
                Create {pluralize(current.counts.ready, "listing")}
              </Button>
            </div>
          )}
          <RowsTable upload={current} />
        </>
      )}
    </section>
  );
}

/** The Selling page's "Upload listings" button and, once pressed, its panel. */
export function ListingUploadToggle({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <Button variant="outline" onClick={onOpen} aria-expanded={open}>
      <FileUp aria-hidden="true" className="size-4" />
      Upload listings
    </Button>
  );
}
