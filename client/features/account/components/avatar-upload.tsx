import { Camera } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import type { SessionUser } from "../../../../core/contracts/accounts";
import { Button } from "../../../components/ui/button";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { AVATAR_MAX_BYTES, useUploadAvatar } from "../api/upload-avatar";

const TYPE_ERROR = "Please choose an image file (JPEG, PNG, WebP or GIF).";
const SIZE_ERROR = "Images must be 10 MB or smaller.";

function initialsOf(user: SessionUser): string {
  const words = (user.fullName || user.username).trim().split(/\s+/);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
}

/**
 * Profile picture: choose an image, see it, then save it. The page checks type and size first,
 * so a wrong file is refused at once; the server checks the content again.
 */
export function AvatarUpload({ user }: { user: SessionUser }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const upload = useUploadAvatar(setProgress);

  // Each preview is an object URL; let the browser free it when it is replaced.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = "";
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setError(null);
    if (!chosen) return;
    if (!chosen.type.startsWith("image/")) {
      clear();
      setError(TYPE_ERROR);
      return;
    }
    if (chosen.size > AVATAR_MAX_BYTES) {
      clear();
      setError(SIZE_ERROR);
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const save = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => {
        clear();
        toast.success("Your profile photo has been updated.");
      },
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
    });
  };

  const shown = preview ?? user.avatarUrl;
  const percent = Math.round(progress * 100);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="relative size-24 shrink-0 overflow-hidden rounded-full border border-sand-300 bg-brand-100">
        {shown ? (
          <img
            src={shown}
            alt={preview ? "Preview of your new profile photo" : "Your profile photo"}
            className="size-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-full items-center justify-center text-2xl font-bold text-brand-800"
          >
            {initialsOf(user)}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <Camera aria-hidden="true" className="size-4" />
            {user.avatarUrl || file ? "Choose another photo" : "Choose a photo"}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/*"
              onChange={choose}
              disabled={upload.isPending}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
          </label>
          {file && (
            <>
              <Button onClick={save} disabled={upload.isPending}>
                {upload.isPending ? "Uploading..." : "Save photo"}
              </Button>
              <Button variant="ghost" onClick={clear} disabled={upload.isPending}>
                Cancel
              </Button>
            </>
          )}
        </div>
        <p id={hintId} className="text-sm text-slate-700">
          {file ? `Selected: ${file.name}` : "JPEG, PNG, WebP or GIF, up to 10 MB."}
        </p>
        {upload.isPending && (
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-label="Uploading photo"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-48 overflow-hidden rounded-full bg-sand-200"
            >
              <div
                className="h-full bg-brand-700 transition-all"
                style={{ width: `${percent}%` }}
              />
            </div>
            <span className="text-sm text-slate-700">{percent}%</span>
          </div>
        )}
        <p id={errorId} role="alert" className="text-sm font-medium text-coral-800">
          {error}
        </p>
      </div>
    </div>
  );
}
