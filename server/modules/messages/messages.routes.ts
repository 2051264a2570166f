import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../core/contracts/common";
import {
  attachmentFileQuerySchema,
  attachmentSchema,
  blockSchema,
  conversationListQuerySchema,
  conversationPageSchema,
  conversationSchema,
  MESSAGE_LIMITS,
  markReadResultSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  moveConversationSchema,
  reportCreatedSchema,
  reportSchema,
  sendMessageSchema,
  startConversationSchema,
  startedConversationSchema,
} from "../../../core/contracts/messages";
import { apiErrorSchema } from "../../../core/errors";
import { badRequest } from "../../errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { createAttachment, fileTooLarge, readAttachment } from "./attachments.service";
import {
  blockUser,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  moveConversation,
  reportConversation,
  sendMessage,
  startConversation,
  unblockUser,
} from "./messages.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
};
const SIGN_IN = "Please sign in to see your messages.";

/**
 * The signed-in user's conversations, messages, attachments, blocks and reports. Anything about a
 * conversation or attachment the caller may not see answers 404, as if it did not exist.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/conversations",
    {
      config: { apiTokenScope: "messages" },
      schema: {
        tags: ["messages"],
        summary:
          "Your conversations in one folder (inbox, sent, archived, trash), most recent first, with the unread total and each folder's count",
        description:
          "Inbox: not archived or trashed by you, with a message from the other side, or opened by them and written in " +
          "(one they opened without a word shows once it has a message). " +
          "Sent: not archived or trashed, where you wrote. `search` matches the messages' text, the other " +
          "user's username and the listing's title.",
        querystring: conversationListQuerySchema,
        response: { 200: conversationPageSchema, ...errors },
      },
    },
    async (request) => listConversations(app.db, requireUser(request, SIGN_IN).id, request.query),
  );

  app.post(
    "/me/conversations",
    {
      config: { apiTokenScope: "messages" },
      schema: {
        tags: ["messages"],
        summary:
          "Start a conversation with a user, optionally about a listing of one of you, or reopen the one you have; sends the message if there is text or an attachment",
        description:
          "201 when started, 200 when reopened (back in your inbox). 422 `cannot_message_self`, 404 for an " +
          "unknown user or listing, 403 `user_blocked` when either has blocked the other, 403 `recipient_suspended` for a message " +
          "to a suspended user, 429 past " +
          `${MESSAGE_LIMITS.conversationsPerHour} new conversations an hour or ${MESSAGE_LIMITS.messagesPerMinute} messages a minute.`,
        body: startConversationSchema,
        response: {
          200: startedConversationSchema,
          201: startedConversationSchema,
          ...errors,
          403: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, "Please sign in to start a conversation");
      const { created, ...started } = await startConversation(
        app.db,
        app.limitCounters,
        user.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(started);
    },
  );

  app.get(
    "/me/conversations/:id",
    {
      config: { apiTokenScope: "messages" },
      schema: {
        tags: ["messages"],
        summary: "One of your conversations, as the list shows it",
        params: idParam,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => getConversation(app.db, requireUser(request, SIGN_IN).id, request.params.id),
  );

  app.patch(
    "/me/conversations/:id",
    {
      schema: {
        tags: ["messages"],
        summary:
          "Move one of your conversations to your inbox, archive or trash (the other side's folder stays)",
        params: idParam,
        body: moveConversationSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) =>
      moveConversation(
        app.db,
        requireUser(request, SIGN_IN).id,
        request.params.id,
        request.body.folder,
      ),
  );

  app.get(
    "/me/conversations/:id/messages",
    {
      config: { apiTokenScope: "messages" },
      schema: {
        tags: ["messages"],
        summary:
          "A page of a conversation's messages, oldest first: the newest, or those before the message `before`",
        params: idParam,
        querystring: messageListQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) =>
      listMessages(app.db, requireUser(request, SIGN_IN).id, request.params.id, request.query),
  );

  app.post(
    "/me/conversations/:id/messages",
    {
      config: { apiTokenScope: "messages" },
      schema: {
        tags: ["messages"],
        summary: "Send a message: text, attachments uploaded first, or both",
        description:
          `Text of at most ${MESSAGE_LIMITS.textMax} characters; at most ${MESSAGE_LIMITS.attachmentsPerMessage} ` +
          "attachments, each your own and not sent yet (400 `attachment_invalid`). Blank text with no attachment " +
          "is 400 `message_empty`; 403 `user_blocked` when either has blocked the other; 403 `recipient_suspended` when the " +
          "other user is suspended; 429 past " +
          `${MESSAGE_LIMITS.messagesPerMinute} messages a minute.`,
        params: idParam,
        body: sendMessageSchema,
        response: { 201: messageSchema, ...errors, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const message = await sendMessage(
        app.db,
        app.limitCounters,
        user.id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(message);
    },
  );

  app.post(
    "/me/conversations/:id/read",
    {
      config: { apiTokenScope: "messages" },
      schema: {
        tags: ["messages"],
        summary: "Mark the messages to you in a conversation read; answers your unread total",
        params: idParam,
        response: { 200: markReadResultSchema, ...errors },
      },
    },
    async (request) =>
      markConversationRead(app.db, requireUser(request, SIGN_IN).id, request.params.id),
  );

  app.post(
    "/me/conversations/:id/reports",
    {
      // A report is read by a person: a handful a minute is plenty for anyone.
      config: perUserRateLimit(10),
      schema: {
        tags: ["messages"],
        summary: "Report one of your conversations for moderation",
        params: idParam,
        body: reportSchema,
        response: { 201: reportCreatedSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const report = await reportConversation(app.db, user.id, request.params.id, request.body);
      return reply.status(201).send(report);
    },
  );

  app.post(
    "/me/blocks",
    {
      schema: {
        tags: ["messages"],
        summary:
          "Block a user: neither of you can message the other until you unblock them (blocking again changes nothing)",
        body: blockSchema,
        response: { 204: z.null(), ...errors, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await blockUser(app.db, requireUser(request, SIGN_IN).id, request.body.userId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/me/blocks/:userId",
    {
      schema: {
        tags: ["messages"],
        summary: "Unblock a user (unblocking someone not blocked changes nothing)",
        params: blockSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await unblockUser(app.db, requireUser(request, SIGN_IN).id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/me/message-attachments",
    {
      // Five files a message at most; 60 a minute lets anyone send photos as fast as they write.
      config: perUserRateLimit(60),
      schema: {
        tags: ["messages"],
        summary:
          "Upload a file to send in a message (multipart field `file`, at most 10 MB); refer to it by `id` in `attachments`",
        description:
          "Judged by its content, not its name: an image (JPEG, PNG, WebP, GIF, AVIF, HEIF, TIFF) is checked as " +
          "listing photos are and stored re-encoded as WebP with a thumbnail (`type: image`); SVG is refused; " +
          "anything else is a `file`, refused when it is a program, a script or a web page (`attachment_refused`). " +
          "Only you can use or see it until it is sent; unsent files are deleted after a day.",
        consumes: ["multipart/form-data"],
        response: {
          201: attachmentSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
          // `images_busy`: too many images are waiting to be processed on this server.
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const file = await request
        .file({ limits: { fileSize: MESSAGE_LIMITS.attachmentBytes } })
        .catch(() => undefined);
      if (!file) throw badRequest("Please choose a file.", { file: "Please choose a file." });
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw fileTooLarge();
      }
      // toBuffer throws only when it reads a piece after the limit was hit. When a piece of the
      // upload ends exactly at the limit, the parser cuts the rest off and the stream just ends:
      // the bytes read are the limit's worth, and only `truncated` tells the file was larger.
      if (file.file.truncated) throw fileTooLarge();
      const attachment = await createAttachment(app.db, app.storage, user.id, {
        data,
        filename: file.filename,
      });
      return reply.status(201).send(attachment);
    },
  );

  app.get(
    "/me/message-attachments/:id",
    {
      schema: {
        tags: ["messages"],
        summary:
          "An attachment's file (`size=thumb`: an image's thumbnail), for its uploader before it is sent and the conversation's participants after",
        description:
          "Images are served inline as WebP, other files as a download (`content-disposition: attachment`), " +
          "never sniffed; 404 for anyone else.",
        params: idParam,
        querystring: attachmentFileQuerySchema,
        // Bytes, sent as they are (Fastify serialises no Buffer): described, not validated.
        response: {
          200: {
            description: "The file's bytes, with its own content type",
            content: { "*/*": { schema: z.any().meta({ type: "string", format: "binary" }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const file = await readAttachment(
        app.db,
        app.storage,
        user.id,
        request.params.id,
        request.query.size,
      );
      return (
        reply
          .header("content-type", file.contentType)
          .header("content-disposition", file.contentDisposition)
          .header("x-content-type-options", "nosniff")
          // The browser that asked may keep it (an attachment never changes); no shared cache may.
          .header("cache-control", "private, max-age=86400")
          // Opened on its own, a file can run nothing and load nothing.
          .header("content-security-policy", "default-src 'none'; sandbox")
          .send(file.data)
      );
    },
  );
};
