import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listingUploadSchema } from "../../../../core/contracts/listing-uploads";
import { apiGet, apiRequest, apiUpload } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Where the seller downloads the template and their listings (plain links: the browser saves them). */
export const LISTING_TEMPLATE_URL = "/api/my/listing-uploads/template.csv";
export const LISTINGS_CSV_URL = "/api/my/listings.csv";

/** POST /api/my/listing-uploads (multipart "file"): the file checked and stored; nothing created. */
export function uploadListingsFile(file: File) {
  return apiUpload("/api/my/listing-uploads", listingUploadSchema, { field: "file", file });
}

/** GET /api/my/listing-uploads/{id}: polled each second while its listings are being created. */
export function useListingUpload(id: string | null) {
  return useQuery({
    queryKey: queryKeys.selling.listingUpload(id ?? ""),
    queryFn: ({ signal }) =>
      apiGet(`/api/my/listing-uploads/${encodeURIComponent(id ?? "")}`, listingUploadSchema, {
        signal,
      }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 1000 : false),
  });
}

/** POST /api/my/listing-uploads/{id}/confirm: the ready rows are created in the background. */
export function useConfirmListingUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/my/listing-uploads/${encodeURIComponent(id)}/confirm`, listingUploadSchema, {
        method: "POST",
      }),
    onSuccess: (upload) => {
      queryClient.setQueryData(queryKeys.selling.listingUpload(upload.id), upload);
    },
  });
}
