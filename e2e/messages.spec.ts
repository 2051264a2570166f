import type { Page } from "@playwright/test";
import { CHAT_MESSAGES } from "../core/chat";
import {
  apiPost,
  createConfirmedAccount,
  DEMO_PASSWORD,
  signInOnLoginPage,
  signInThroughApi,
} from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import type { Person } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

const PHOTO = "e2e/fixtures/photos/lagoon.png";

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });
/** The header's Messages link; its name carries the unread count ("Messages, 2 unread"). */
const headerMessages = (page: Page, unread = 0) =>
  page.getByRole("banner").getByRole("link", {
    name: unread > 0 ? `Messages, ${unread} unread` : "Messages",
    exact: true,
  });
const conversationList = (page: Page) => page.getByRole("list", { name: "Conversations" });
const conversationLink = (page: Page, name: string) =>
  conversationList(page).getByRole("link").filter({ hasText: name });
const chatLog = (page: Page) => page.getByRole("log");
const composer = (page: Page) => page.getByRole("form", { name: "Send a message" });
const actions = (page: Page) => page.getByRole("button", { name: "Conversation actions" });
const folderTab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Message folders" }).getByRole("link", { name });

/** The story's listing, under the title the story reads. */
const MESSAGES_LISTING = { titleAsIs: true, priceCents: 4_200, quantity: 3 };

/** A conversation `from` starts with `to` through the API, for tests about what comes after. */
async function startThroughApi(from: Person, to: Person, text: string): Promise<string> {
  const response = await apiPost(from.page, "/api/me/conversations", { recipientId: to.id, text });
  expect(response.ok(), await response.text()).toBe(true);
  const { conversation } = (await response.json()) as { conversation: { id: string } };
  return conversation.id;
}

test("a buyer contacts a seller from a listing; the seller sees it live and replies with a photo", async ({
  newPerson,
  listSomething,
}) => {
  // Two browsers, two accounts, a listing, an upload and live delivery both ways.
  test.setTimeout(bound(120_000));
  const seller = await newPerson("msgsel");
  const buyer = await newPerson("msgbuy");
  const title = `Palm frond market basket ${Date.now().toString(36)}`;
  const listingId = (await listSomething(seller, { ...MESSAGES_LISTING, title })).id;

  // The seller waits on /messages with nothing yet.
  await seller.page.goto("/messages");
  await expect(seller.page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(seller.page.getByText("Select a conversation to start chatting")).toBeVisible();
  await expect(headerMessages(seller.page)).toBeVisible();
  await expect(seller.page.getByTestId("messages-count")).toHaveText("0 unread · 0 conversations");
  // The seller's own listing offers no Contact button.
  const own = await seller.page.context().newPage();
  await own.goto(`/listing/${listingId}`);
  await expect(own.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(own.getByRole("region", { name: "About the seller" })).toBeVisible();
  await expect(own.getByRole("button", { name: "Contact" })).toHaveCount(0);
  await own.close();

  // The buyer writes from the listing page: the message is required.
  await buyer.page.goto(`/listing/${listingId}`);
  await buyer.page
    .getByRole("region", { name: "About the seller" })
    .getByRole("button", { name: "Contact" })
    .click();
  const dialog = buyer.page.getByRole("dialog", { name: "Contact seller" });
  await expect(dialog).toContainText(seller.username);
  await expect(dialog).toContainText(title);
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByText("Please enter a message")).toBeVisible();
  await expectNoSeriousA11yViolations(buyer.page);
  const question = "Hello! Is the basket still available? More photos: https://example.com/basket";
  await dialog.getByRole("textbox", { name: "Message" }).fill(question);
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(buyer.page, "Message sent to seller")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The toast leads to the conversation.
  await toast(buyer.page, "Message sent to seller")
    .getByRole("button", { name: "View conversation" })
    .click();
  await expect(buyer.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(chatLog(buyer.page)).toContainText("Is the basket still available?");
  const link = chatLog(buyer.page).getByRole("link", { name: "https://example.com/basket" });
  await expect(link).toHaveAttribute("href", "https://example.com/basket");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(buyer.page.getByRole("link", { name: title, exact: true })).toHaveAttribute(
    "href",
    `/listing/${listingId}`,
  );

  // The seller's list and badge change without a reload.
  await expect(conversationLink(seller.page, buyer.username)).toBeVisible({ timeout: 10_000 });
  await expect(conversationLink(seller.page, buyer.username)).toContainText(
    "Is the basket still available?",
  );
  await expect(headerMessages(seller.page, 1)).toBeVisible();
  await expect(seller.page.getByTestId("messages-count")).toHaveText("1 unread · 1 conversation");
  await expectNoSeriousA11yViolations(seller.page);
  await seller.page.screenshot({ path: test.info().outputPath("messages-list-1280.png") });

  // Opening it marks it read: the badge goes.
  await conversationLink(seller.page, buyer.username).click();
  await expect(conversationLink(seller.page, buyer.username)).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(chatLog(seller.page)).toContainText("Is the basket still available?");
  await expect(chatLog(seller.page)).toContainText(/just now|1 minute ago/);
  await expect(seller.page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(headerMessages(seller.page)).toBeVisible();

  // The seller replies with a photo: it uploads first, then goes with the text on Enter.
  const send = composer(seller.page).getByRole("button", { name: "Send message" });
  await expect(send).toBeDisabled();
  await seller.page.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(composer(seller.page).getByRole("list", { name: "Files to send" })).toContainText(
    "lagoon.png",
  );
  await expect(send).toBeEnabled();
  const box = composer(seller.page).getByRole("textbox", { name: "Message" });
  await box.fill("Yes! Here it is by the water.");
  await box.press("Shift+Enter");
  await box.pressSequentially("Shipping is free.");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(composer(seller.page).getByRole("list", { name: "Files to send" })).toHaveCount(0);
  await expect(chatLog(seller.page)).toContainText("Shipping is free.");
  await expectNoSeriousA11yViolations(seller.page);
  await seller.page.screenshot({ path: test.info().outputPath("messages-chat-seller-1280.png") });

  // The buyer sees the reply arrive with the photo inline, and opens it full size.
  await expect(chatLog(buyer.page)).toContainText("Yes! Here it is by the water.", {
    timeout: 10_000,
  });
  const photo = chatLog(buyer.page).getByRole("button", { name: /^Open photo/ });
  await expect(photo).toBeVisible();
  // Loaded (served to this participant), not a broken image.
  await expect
    .poll(() => photo.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await photo.click();
  const viewer = buyer.page.getByRole("dialog");
  await expect(viewer.getByRole("img")).toBeVisible();
  await expect(viewer.getByRole("link", { name: "Download" })).toBeVisible();
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toBeHidden();
  // Seen by the buyer while open: no badge for her, and the seller's reply reads "Seen".
  await expect(headerMessages(buyer.page)).toBeVisible();
  await expect(chatLog(seller.page)).toContainText("Seen", { timeout: 10_000 });
  await expectNoSeriousA11yViolations(buyer.page);
  await buyer.page.screenshot({ path: test.info().outputPath("messages-chat-buyer-1280.png") });

  await buyer.close();
  await seller.close();
});

test("a conversation is archived, trashed and restored for one side only; blocking stops the composer", async ({
  newPerson,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson("msgarc");
  const buyer = await newPerson("msgarb");
  const page = buyer.page;

  // /messages/new starts a conversation with anyone, by id.
  await page.goto(`/messages/new?recipient=${seller.id}`);
  await expect(page.getByRole("heading", { level: 2, name: seller.username })).toBeVisible();
  const box = composer(page).getByRole("textbox", { name: `Message to ${seller.username}` });
  await box.fill("Do you make hats as well?");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(chatLog(page)).toContainText("Do you make hats as well?");
  // Unanswered, it is only in Sent; the answer brings it to the inbox, live.
  await expect(folderTab(page, "Inbox 0")).toHaveAttribute("aria-current", "page");
  await expect(folderTab(page, "Sent 1")).toBeVisible();
  // Blank text and no file sends nothing.
  await expect(composer(page).getByRole("button", { name: "Send message" })).toBeDisabled();
  const conversationId = page.url().split("/").pop() as string;
  const reply = await apiPost(seller.page, `/api/me/conversations/${conversationId}/messages`, {
    text: "Straw hats, yes. Which size?",
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  await expect(chatLog(page)).toContainText("Which size?");
  await expect(folderTab(page, "Inbox 1")).toBeVisible();

  // Attachments are checked before any upload: five at most, 10 MB each.
  const files = (count: number, bytes = 64) =>
    Array.from({ length: count }, (_, i) => ({
      name: `note-${i + 1}.txt`,
      mimeType: "text/plain",
      buffer: Buffer.alloc(bytes, "a"),
    }));
  const fileInput = page.locator('input[type="file"]');
  const pending = composer(page).getByRole("list", { name: "Files to send" }).getByRole("listitem");
  await fileInput.setInputFiles(files(6));
  await expect(
    composer(page).getByRole("alert").filter({ hasText: "You can attach up to 5 files" }),
  ).toBeVisible();
  await expect(pending).toHaveCount(5);
  await expect(composer(page).getByRole("button", { name: "Attach files" })).toBeDisabled();
  for (let i = 1; i <= 5; i++)
    await composer(page)
      .getByRole("button", { name: `Remove note-${i}.txt` })
      .click();
  await expect(pending).toHaveCount(0);
  await fileInput.setInputFiles([
    { name: "huge.txt", mimeType: "text/plain", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, "a") },
  ]);
  await expect(composer(page).getByRole("alert")).toContainText(
    '"huge.txt" is too large: files can be at most 10 MB.',
  );
  await expect(pending).toHaveCount(0);

  // Archive: it leaves the inbox for the archive.
  await actions(page).click();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(toast(page, "Conversation archived")).toBeVisible();
  await expect(page).toHaveURL("/messages");
  await expect(page.getByText("No conversations yet.")).toBeVisible();
  await folderTab(page, "Archived 1").click();
  await expect(page).toHaveURL("/messages?folder=archived");
  await conversationLink(page, seller.username).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}\?folder=archived$/);

  // Trash, then restore to the inbox.
  await actions(page).click();
  await page.getByRole("button", { name: "Move to Trash" }).click();
  await expect(toast(page, "Conversation moved to Trash")).toBeVisible();
  await expect(page.getByText("No archived conversations.")).toBeVisible();
  await folderTab(page, "Trash 1").click();
  await conversationLink(page, seller.username).click();
  await actions(page).click();
  await expect(page.getByRole("button", { name: "Archive" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Conversation restored to Inbox")).toBeVisible();
  await folderTab(page, "Inbox 1").click();
  await expect(conversationLink(page, seller.username)).toBeVisible();

  // The seller's side never moved.
  await seller.page.goto("/messages");
  await expect(conversationLink(seller.page, buyer.username)).toBeVisible();
  await expect(folderTab(seller.page, "Archived 0")).toBeVisible();

  // Search is the server's, and kept in the URL.
  const search = page.getByRole("searchbox", { name: "Search messages" });
  await search.fill("hats");
  await expect(page).toHaveURL(/search=hats/);
  await expect(conversationLink(page, seller.username)).toBeVisible();
  await search.fill("zzzz-nothing");
  await expect(page.getByText('No conversations match "zzzz-nothing".')).toBeVisible();
  await search.fill("");
  await expect(page).toHaveURL("/messages");

  // Blocking: the conversation says so and takes no message; unblocking brings the composer back.
  await conversationLink(page, seller.username).click();
  await actions(page).click();
  await page.getByRole("button", { name: "Block user" }).click();
  const confirm = page.getByRole("dialog", { name: `Block ${seller.username}?` });
  await confirm.getByRole("button", { name: "Block user" }).click();
  await expect(toast(page, `${seller.username} is blocked`)).toBeVisible();
  await expect(page.getByText(`You blocked ${seller.username}.`)).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
  await page.reload();
  await conversationLink(seller.page, buyer.username).click();
  await expect(seller.page.getByText("You can't send messages to this user.")).toBeVisible();
  await expect(composer(seller.page)).toHaveCount(0);
  await page.getByRole("button", { name: "Unblock user" }).click();
  await expect(composer(page)).toBeVisible();

  // Report: a reason is asked for.
  await actions(page).click();
  await page.getByRole("button", { name: "Report conversation" }).click();
  const report = page.getByRole("dialog", { name: "Report conversation" });
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByRole("textbox", { name: "Comment (optional)" }).fill("Testing the report.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "Thanks, we'll review this conversation.")).toBeVisible();
  await expect(report).toBeHidden();

  await buyer.close();
  await seller.close();
});

test("on a phone the list and the chat are separate screens @phone", async ({ newPerson }) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson("msgphs");
  const buyer = await newPerson("msgphb");
  const conversationId = await startThroughApi(buyer, seller, "Morning! Do you ship to Nevis?");
  const page = seller.page;
  await page.setViewportSize({ width: 390, height: 844 });

  // The list alone, with the badge.
  await page.goto("/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.getByText("Select a conversation to start chatting")).toBeHidden();
  // No room for the Messages icon on a phone: the account menu's entry carries the count.
  await expect(headerMessages(page)).toBeHidden();
  await page.getByRole("button", { name: `Hi, ${seller.username}` }).click();
  await expect(page.getByRole("link", { name: /^Messages\s*, 1 unread$/ })).toBeVisible();
  await page.getByRole("button", { name: `Hi, ${seller.username}` }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("messages-list-390.png"), fullPage: true });

  // The chat alone; focus moves to its heading.
  await conversationLink(page, buyer.username).click();
  await expect(page).toHaveURL(`/messages/${conversationId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 2, name: buyer.username })).toBeFocused();
  await expect(chatLog(page)).toContainText("Do you ship to Nevis?");
  const box = composer(page).getByRole("textbox", { name: "Message" });
  await box.fill("Yes, every Tuesday by ferry.");
  await composer(page).getByRole("button", { name: "Send message" }).click();
  await expect(chatLog(page)).toContainText("every Tuesday by ferry");
  await expect(box).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("messages-chat-390.png") });

  // Back to the list; focus returns to its heading.
  await page.getByRole("link", { name: "Back to conversations" }).click();
  await expect(page).toHaveURL("/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeFocused();
  await expect(conversationLink(page, buyer.username)).toContainText(
    "You: Yes, every Tuesday by ferry.",
  );

  // /chat is the same screen.
  await page.goto("/chat");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(conversationLink(page, buyer.username)).toBeVisible();

  await buyer.close();
  await seller.close();
});

test("a visitor who contacts a seller signs in first, then writes", async ({
  page,
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(60_000));
  // A listing of its own: the newest listing was another story's, which a moderator may remove
  // (its page then not found) before this one opens it.
  const seller = await newPerson("msgvsel");
  const listing = await listSomething(seller, {
    ...MESSAGES_LISTING,
    title: `Palm frond fan ${Date.now().toString(36)}`,
  });
  await seller.close();
  const { email, password } = await createConfirmedAccount(page, "msgvis");

  await page.goto(`/listing/${listing.id}`);
  await page
    .getByRole("region", { name: "About the seller" })
    .getByRole("button", { name: "Contact" })
    .click();
  await expect(toast(page, "Please sign in to start a conversation")).toBeVisible();
  const signIn = page.getByRole("dialog", { name: "Sign in to Tradewinds" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password", { exact: true }).fill(password);
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  // The modal it asked for opens once signed in.
  await expect(page.getByRole("dialog", { name: "Contact seller" })).toBeVisible();
});

test("/messages needs an account", async ({ page }) => {
  await page.goto("/messages/new?recipient=00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  await expect(toast(page, "Please sign in to start a conversation")).toBeVisible();
});

test("a very long word wraps in the chat and the list at desktop width, for both sides and after a reload", async ({
  newPerson,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson("msgwrs");
  const buyer = await newPerson("msgwrb");
  const conversationId = await startThroughApi(buyer, seller, "Hello! A question about shipping.");
  const word = `Pleas${"e".repeat(150)}`;
  /** Nothing wider than the window, and the chat's controls wholly on screen. */
  const fits = async (page: Page) => {
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    for (const control of [
      composer(page).getByRole("button", { name: "Send message" }),
      actions(page),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
      const box = await control.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    }
  };

  // The buyer sends it from the chat (their unanswered conversation lists under Sent).
  await buyer.page.goto(`/messages/${conversationId}?folder=sent`);
  const box = composer(buyer.page).getByRole("textbox", { name: "Message" });
  await box.fill(word);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(chatLog(buyer.page)).toContainText(word);
  await expect(conversationLink(buyer.page, seller.username)).toContainText(`You: ${word}`);
  await fits(buyer.page);
  await buyer.page.screenshot({ path: test.info().outputPath("messages-long-word-1280.png") });

  // The seller's chat and list, and again after a reload.
  await seller.page.goto(`/messages/${conversationId}`);
  await expect(chatLog(seller.page)).toContainText(word);
  await expect(conversationLink(seller.page, buyer.username)).toContainText(word);
  await fits(seller.page);
  await seller.page.reload();
  await expect(chatLog(seller.page)).toContainText(word);
  await fits(seller.page);
  await expectNoSeriousA11yViolations(seller.page);

  // Phones wrapped it already; they still do.
  await buyer.page.setViewportSize({ width: 390, height: 844 });
  await expect(chatLog(buyer.page)).toContainText(word);
  await fits(buyer.page);
  await buyer.page.screenshot({ path: test.info().outputPath("messages-long-word-390.png") });

  await buyer.close();
  await seller.close();
});

test("restoring from Trash a conversation nobody answered says Sent, and it is under Sent", async ({
  newPerson,
}) => {
  test.setTimeout(bound(60_000));
  const seller = await newPerson("msgrss");
  const buyer = await newPerson("msgrsb");
  const conversationId = await startThroughApi(buyer, seller, "Is the hammock still for sale?");
  const page = buyer.page;

  await page.goto(`/messages/${conversationId}?folder=sent`);
  await expect(chatLog(page)).toContainText("Is the hammock still for sale?");
  await actions(page).click();
  await page.getByRole("button", { name: "Move to Trash" }).click();
  await expect(toast(page, "Conversation moved to Trash")).toBeVisible();
  await folderTab(page, "Trash 1").click();
  await conversationLink(page, seller.username).click();
  await actions(page).click();
  await page.getByRole("button", { name: "Restore" }).click();

  // The toast names the folder it is really back in.
  await expect(toast(page, "Conversation restored to Sent")).toBeVisible();
  await expect(toast(page, "Conversation restored to Inbox")).toHaveCount(0);
  await expect(folderTab(page, "Inbox 0")).toBeVisible();
  await folderTab(page, "Sent 1").click();
  await expect(conversationLink(page, seller.username)).toBeVisible();

  await buyer.close();
  await seller.close();
});

test("a suspended user is told so at sign-in; a chat with them says so and takes no message", async ({
  browser,
  newPerson,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson("msgsus");
  const buyer = await newPerson("msgsub");
  const conversationId = await startThroughApi(buyer, seller, "Do you still have the steel drum?");

  // Staff suspend the seller.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInThroughApi(admin, "admin@demo.tradewinds.test", DEMO_PASSWORD);
  const suspended = await apiPost(admin, `/api/admin/users/${seller.id}/suspend`, {
    reason: "Selling counterfeit goods.",
  });
  expect(suspended.ok(), await suspended.text()).toBe(true);
  await staff.close();

  // The buyer's chat says so in place of the composer; what was said stays readable.
  const page = buyer.page;
  await page.goto(`/messages/${conversationId}?folder=sent`);
  await expect(chatLog(page)).toContainText("Do you still have the steel drum?");
  await expect(page.getByRole("status").filter({ hasText: CHAT_MESSAGES.suspended })).toBeVisible();
  await expect(page.getByText("Account suspended", { exact: true })).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("messages-suspended-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("status").filter({ hasText: CHAT_MESSAGES.suspended })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("messages-suspended-390.png") });
  // The server refuses a message all the same.
  const refused = await apiPost(page, `/api/me/conversations/${conversationId}/messages`, {
    text: "Hello?",
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toEqual({
    code: "recipient_suspended",
    message: CHAT_MESSAGES.suspended,
  });

  // The seller's session ended; signing in again shows why it is refused.
  await seller.page.goto("/login");
  await signInOnLoginPage(seller.page, seller.email, seller.password);
  await expect(
    toast(
      seller.page,
      "Your account has been suspended. Contact us if you think this is a mistake.",
    ),
  ).toBeVisible();
  await expect(toast(seller.page, "An error occurred during sign in")).toHaveCount(0);
  await expect(seller.page).toHaveURL(/\/login/);

  await buyer.close();
  await seller.close();
});
