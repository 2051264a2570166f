import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../../core/contracts/common";
import {
  NOTIFICATION_PAGE_SIZE,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationReadSchema,
  unreadCountSchema,
} from "../../../core/contracts/notifications";
import { apiErrorSchema } from "../../../core/errors";
import { requireUser } from "../../plugins/session";
import {
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationPreferences,
} from "./notifications.service";

/** The signed-in user's notifications (the bell, /notifications) and their email choices. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/notifications",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["notifications"],
        summary:
          "Your notifications, newest first, with the unread count. Page with `cursor` (the previous page's `nextCursor`) and `limit`, or with `page` and `pageSize`",
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { cursor, limit, page, pageSize } = request.query;
      return listNotifications(app.db, requireUser(request).id, {
        cursor,
        page,
        pageSize: limit ?? pageSize ?? NOTIFICATION_PAGE_SIZE,
      });
    },
  );

  app.post(
    "/me/notifications/read-all",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark all your notifications read",
        response: { 200: unreadCountSchema, 401: apiErrorSchema },
      },
    },
    async (request) => markAllNotificationsRead(app.db, requireUser(request).id),
  );

  app.post(
    "/me/notifications/:id/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark one of your notifications read (404 for anyone else's)",
        params: idParam,
        response: {
          200: notificationReadSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => markNotificationRead(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/me/notification-preferences",
    {
      schema: {
        tags: ["notifications"],
        summary: "Whether each kind of notification is also emailed (in-app they always show)",
        response: { 200: notificationPreferencesSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getNotificationPreferences(app.db, requireUser(request).id),
  );

  app.put(
    "/me/notification-preferences",
    {
      schema: {
        tags: ["notifications"],
        summary: "Turn the email of some kinds on or off; kinds not named keep their choice",
        body: notificationPreferencesUpdateSchema,
        response: {
          200: notificationPreferencesSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => updateNotificationPreferences(app.db, requireUser(request).id, request.body),
  );
};
