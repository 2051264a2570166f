import { Share2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older or locked-down browsers: fall back to a hidden text field.
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.append(field);
    field.select();
    const copied = document.execCommand("copy");
    field.remove();
    return copied;
  }
}

/** Native share sheet when the browser has one, otherwise copy the link. */
export function ShareButton({ title }: { title: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    if (await copyText(url)) toast.success("Link copied to clipboard");
    else toast.error("Could not copy the link");
  };

  return (
    <Button variant="ghost" onClick={() => void share()}>
      <Share2 aria-hidden="true" className="size-4" />
      Share
    </Button>
  );
}
