import { z } from "zod";
import { MAX_PAGE_SIZE } from "../limits";
import { NOTIFICATION_KINDS, notificationKindSchema } from "../notifications";

/** How many notifications a page of /api/me/notifications holds unless asked otherwise. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** How many the header's bell shows. */
export const NOTIFICATION_DROPDOWN_SIZE = 5;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  text: z.string(),
  /** A path in the app it is about (a listing, your purchases, ...), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A cursor names the last notification of a page: its creation time to the microsecond and its
 * id (`2026-01-02T03:04:05.123456Z_<uuid>`). It stays right while new notifications arrive, which
 * page numbers do not.
 */
const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const size = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`${name} must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `${name} must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `${name} must be a whole number from 1 to ${MAX_PAGE_SIZE}`);

/**
 * GET /api/me/notifications: `cursor` (the `nextCursor` of the page before) and `limit`, or the
 * API's usual `page` and `pageSize`; a cursor wins over a page number.
 */
export const notificationListQuerySchema = z.object({
  cursor: z
    .string()
    .max(100, "cursor is not valid")
    .regex(CURSOR, "cursor is not valid")
    .transform((value) => {
      const [, at, id] = CURSOR.exec(value) as RegExpExecArray;
      return { at: at as string, id: id as string };
    })
    .optional(),
  limit: size("limit").optional(),
  page: z.coerce
    .number({ message: "page must be a whole number of at least 1" })
    .int("page must be a whole number of at least 1")
    .min(1, "page must be a whole number of at least 1")
    .max(10_000, "page must be at most 10000")
    .default(1),
  pageSize: size("pageSize").optional(),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unreadCount: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** What marking read answers: the header's new count. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationReadSchema = unreadCountSchema.extend({
  notification: notificationSchema,
});
export type NotificationRead = z.infer<typeof notificationReadSchema>;

const preference = z.strictObject({ email: z.boolean({ message: "email must be true or false" }) });

/** Every kind with its email choice (in-app is always on). */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, preference])) as {
    [K in (typeof NOTIFICATION_KINDS)[number]]: typeof preference;
  },
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/me/notification-preferences: the kinds to change; others stay as they are. */
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Name at least one kind of notification");
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;
