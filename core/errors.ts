import { z } from "zod";

/** The one error envelope every failing API response carries. */
export const apiErrorSchema = z.object({
  error: z.object({
    // A plain string, not an enum of ERROR_CODES: a page must still read the message of a code a
    // newer server added, rather than call the whole answer malformed.
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>["error"];

/**
 * Every code the server sends in an error envelope, and the only place one is spelled out: the
 * server's factories accept nothing else, and the page branches on these names. The values are
 * the wire format, so they never change once shipped (tests, pages and old tabs depend on them).
 */
export const ERROR_CODES = {
  // ---------- generic, by status ----------
  /** 400: the request failed its schema or the input guard, or Fastify refused it (bad JSON, too large). */
  badRequest: "bad_request",
  /** 401: nobody is signed in, or the session ended. */
  unauthorized: "unauthorized",
  /** 403: signed in, but not allowed (someone else's listing, bidding on your own auction). */
  forbidden: "forbidden",
  /** 404: no such endpoint or thing; also a cart line whose listing is gone. */
  notFound: "not_found",
  /** 409: a generic clash with the current state. */
  conflict: "conflict",
  /** 429: a rate limit or sign-in attempt limit was reached. */
  rateLimited: "rate_limited",
  /** 500: something failed on the server; the message says nothing more. */
  internal: "internal_error",
  /** 503: the database connection was lost under the request; trying again may well work. */
  serviceUnavailable: "service_unavailable",

  // ---------- session ----------
  /** 403: a state-changing request came without the CSRF cookie's value in its header. */
  csrfFailed: "csrf_failed",

  // ---------- API tokens ----------
  /** 401: a bearer token that is unknown, revoked or expired (the message says which). */
  apiTokenInvalid: "api_token_invalid",
  /** 403: a bearer token on a route that takes none (account changes, tokens, admin, sign-in...). */
  apiTokenNotAllowed: "api_token_not_allowed",
  /** 403: a bearer token without the scope the route needs; the message names it. */
  apiTokenScopeMissing: "api_token_scope_missing",
  /** 422: creating a token past the account's number of live tokens. */
  apiTokenLimitReached: "api_token_limit_reached",

  // ---------- accounts ----------
  /** 409: registering or changing to an email or username another account has. */
  accountExists: "account_exists",
  /** 409: OAuth sign-in matched an account whose email is not confirmed yet. */
  accountUnconfirmed: "account_unconfirmed",
  /** 401: sign-in with a wrong email or password. */
  invalidCredentials: "invalid_credentials",
  /** 403: sign-in with the right password before the email was confirmed. */
  emailNotConfirmed: "email_not_confirmed",
  /** 400: an emailed link's token is unknown or of another kind. */
  invalidToken: "invalid_token",
  /** 400: an emailed link was already followed. */
  tokenUsed: "token_used",
  /** 400: an emailed link is past its expiry. */
  tokenExpired: "token_expired",
  /** 409: the profile's new username belongs to someone else. */
  usernameTaken: "username_taken",
  /** 400: changing email or password with a wrong current password. */
  wrongPassword: "wrong_password",
  /** 400: OAuth sign-in started for a provider this server has no keys for. */
  providerUnavailable: "provider_unavailable",
  /** 400: the OAuth provider gave no verified email address. */
  oauthNoEmail: "oauth_no_email",

  // ---------- catalog and listings ----------
  /** 404: no category with that slug. */
  categoryNotFound: "category_not_found",
  /** 404: no listing with that id. */
  listingNotFound: "listing_not_found",
  /** 404: no seller's store with that username. */
  storeNotFound: "store_not_found",
  /** 503: a browse or search query ran past its time limit (SEARCH_TIMEOUT_MS). */
  searchTimedOut: "search_timed_out",
  /** 499: the client went away before the answer; nobody reads it, the log does. */
  clientClosed: "client_closed",

  // ---------- selling ----------
  /** 422: editing a listing that has sold. */
  listingSold: "listing_sold",
  /** 422: relisting a listing that is still on sale (only an ended, unsold one can be). */
  listingNotEnded: "listing_not_ended",
  /** 422: changing more than description and photos of an auction that has bids. */
  listingLocked: "listing_locked",
  /** 422: deleting an auction that has bids. */
  listingHasBids: "listing_has_bids",
  /** 422: deleting a listing with orders, or changing how it sells. */
  listingHasOrders: "listing_has_orders",

  // ---------- bidding ----------
  /** 422: bidding on a listing that is not an auction; 404: asking for its bid history. */
  notAuction: "not_auction",
  /** 422: bidding after the auction's end. */
  auctionEnded: "auction_ended",
  /** 409: bidding while the listing's Buy It Now checkout holds it. */
  beingBought: "being_bought",
  /** 422: a bid below the next minimum, or by the bidder already leading; `fields` says the minimum. */
  bidTooLow: "bid_too_low",

  // ---------- cart and checkout (also a cart line's `problem.code`) ----------
  /** 422: a cart line's listing sells only by auction. */
  notFixedPrice: "not_fixed_price",
  /** 422: a cart line's listing has ended, sold or been withdrawn. */
  notActive: "not_active",
  /** 422: buying your own listing. */
  ownListing: "own_listing",
  /** 422: a cart line's listing has no stock left to buy. */
  outOfStock: "out_of_stock",
  /** 422: a cart line asks for more than the stock left. */
  insufficientStock: "insufficient_stock",

  // ---------- orders and payments ----------
  /** 404: no order with that id that belongs to the caller. */
  orderNotFound: "order_not_found",
  /** 422: paying or cancelling an order that is already paid. */
  orderPaid: "order_paid",
  /** 422: paying an order that is no longer pending, or not a won auction's. */
  orderNotPayable: "order_not_payable",
  /** 502: the payment provider refused to open a checkout session. */
  paymentProviderError: "payment_provider_error",
  /** 404: a payment webhook for a provider other than the configured one. */
  unknownProvider: "unknown_provider",
  /** 400: a payment webhook whose signature is forged or stale. */
  invalidSignature: "invalid_signature",

  // ---------- sandbox payment page (Stripe's codes, so the page reads like Stripe's) ----------
  /** 404: no sandbox payment session with that id belongs to the caller. */
  paymentSessionNotFound: "payment_session_not_found",
  /** 409: paying a sandbox session that is already paid. */
  sessionComplete: "session_complete",
  /** 409: paying a sandbox session that expired or was cancelled. */
  sessionExpired: "session_expired",
  /** 502: the sandbox's paid event was not accepted by the webhook route. */
  paymentDeliveryFailed: "payment_delivery_failed",
  /** 400: a card number that is not 12 to 19 digits. */
  incorrectNumber: "incorrect_number",
  /** 400: an expiry that is not MM/YY with a real month. */
  invalidExpiry: "invalid_expiry",
  /** 400: a security code that is not 3 or 4 digits. */
  invalidCvc: "invalid_cvc",
  /** 402: a card past its expiry month. */
  expiredCard: "expired_card",
  /** 402: the declining test card, or any card that is not a test card. */
  cardDeclined: "card_declined",
  /** 402: the insufficient-funds test card. */
  insufficientFunds: "insufficient_funds",

  // ---------- uploads ----------
  /** 400 or 413: an image over 10 MB. */
  imageTooLarge: "image_too_large",
  /** 400: a file that is not an image of an accepted format. */
  notAnImage: "not_an_image",
  /** 400: an image over the pixel limit (a decompression bomb, or just too big). */
  imageTooManyPixels: "image_too_many_pixels",
  /** 400: an image that fails to decode in full (truncated or malformed). */
  imageDamaged: "image_damaged",
  /** 503: too many images wait for processing; try again shortly. */
  imagesBusy: "images_busy",

  // ---------- listings in bulk ----------
  /** 400: the listings file is not CSV we can read (a bad quote, a bad header, no rows, not text). */
  listingFileInvalid: "listing_file_invalid",
  /** 413: a listings file over 2 MB; 400 with the same code: over 1,000 rows. */
  listingFileTooLarge: "listing_file_too_large",
  /** 404: no listing upload with that id belongs to the caller. */
  listingUploadNotFound: "listing_upload_not_found",
  /** 409: confirming an upload with no row ready to create. */
  listingUploadEmpty: "listing_upload_empty",

  // ---------- notifications ----------
  /** 404: no notification with that id belongs to the caller. */
  notificationNotFound: "notification_not_found",

  // ---------- messages ----------
  /** 404: no conversation with that id has the caller as a participant. */
  conversationNotFound: "conversation_not_found",
  /** 404: no attachment with that id that the caller may see. */
  attachmentNotFound: "attachment_not_found",
  /** 404: no user with that id (a recipient, someone to block). */
  userNotFound: "user_not_found",
  /** 422: writing to, or blocking, yourself. */
  cannotMessageSelf: "cannot_message_self",
  /** 422: a conversation about a listing that is neither party's. */
  listingNotTheirs: "listing_not_theirs",
  /** 403: one of the two has blocked the other. */
  userBlocked: "user_blocked",
  /** 403: a message (or a conversation's first one) to a user staff suspended. */
  recipientSuspended: "recipient_suspended",
  /** 400: a message with blank text and no attachment. */
  messageEmpty: "message_empty",
  /** 400: attachments that are not the sender's own unsent uploads. */
  attachmentInvalid: "attachment_invalid",
  /** 400: an executable, HTML, script or SVG file, judged by its content or name. */
  attachmentRefused: "attachment_refused",
  /** 413: a file over 10 MB. */
  fileTooLarge: "file_too_large",

  // ---------- watching ----------
  /** 404: no saved search with that id belongs to the caller. */
  savedSearchNotFound: "saved_search_not_found",
  /** 409: editing a saved search into the filters of another of the caller's. */
  searchAlreadySaved: "search_already_saved",
  /** 404: the caller does not follow that seller (or there is no such seller). */
  followNotFound: "follow_not_found",
  /** 422: watching your own listing, or following yourself. */
  cannotWatchOwn: "cannot_watch_own",
  /** 422: 500 watched items, 100 saved searches or 1,000 followed sellers already. */
  watchLimitReached: "watch_limit_reached",

  // ---------- cancellations and refunds ----------
  /** 404: no cancellation request on that order for the caller to answer. */
  cancellationNotFound: "cancellation_not_found",
  /** 422: asking to cancel an order that is not paid, or a part that is not in it. */
  orderNotCancellable: "order_not_cancellable",
  /** 422: asking to cancel, or accepting, once that seller's part has shipped. */
  cancellationAfterShipping: "cancellation_after_shipping",
  /** 409: asking again to cancel a part already asked about (a request is made once). */
  cancellationExists: "cancellation_exists",
  /** 409: answering a request that was already accepted or declined. */
  cancellationAlreadyAnswered: "cancellation_already_answered",

  // ---------- returns, items not received and cases (decision 0023) ----------
  /** 404: no return or request the caller may see or act on with that id. */
  returnNotFound: "return_not_found",
  /** 422: a return after its window, for a reason the policy does not allow, or of an undelivered part. */
  returnNotAllowed: "return_not_allowed",
  /** 422: "not received" on a part not shipped, received, picked up, or before its estimated date. */
  notReceivedNotAllowed: "not_received_not_allowed",
  /** 409: a second open request about one seller's part, or one after a decided case. */
  requestExists: "request_exists",
  /** 409: a step that does not fit the request's state (answering twice, shipping back unaccepted). */
  requestStateConflict: "request_state_conflict",
  /** 409: the seller acting while Tradewinds decides the case. */
  caseUnderReview: "case_under_review",
  /** 422: asking Tradewinds to step in before the seller's 3 business days are up. */
  escalationTooSoon: "escalation_too_soon",
  /** 422: the seller's negative feedback about a buyer a case was decided for. */
  feedbackAfterCase: "feedback_after_case",

  // ---------- feedback ----------
  /** 404: no paid order line of the caller's (as its buyer or seller) with that id. */
  orderLineNotFound: "order_line_not_found",
  /** 409: the caller already left feedback on that order line. */
  feedbackAlreadyLeft: "feedback_already_left",
  /** 422: more than 60 days since the order was paid. */
  feedbackWindowClosed: "feedback_window_closed",
  /** 422: the order is not paid (yet). */
  feedbackNotPaid: "feedback_not_paid",
  /** 422: sellers leave buyers positive feedback only (as eBay does). */
  feedbackPositiveOnly: "feedback_positive_only",
  /** 404: no feedback with that id is about the caller. */
  feedbackNotFound: "feedback_not_found",
  /** 409: the feedback already has its one reply. */
  feedbackAlreadyReplied: "feedback_already_replied",
  /** 403: only the seller the feedback is about asks for a revision; only its buyer revises. */
  feedbackNotYours: "feedback_not_yours",
  /** 422: positive feedback needs no revision (only neutral or negative can be asked about). */
  feedbackRevisionNotNeeded: "feedback_revision_not_needed",
  /** 422: a revision can be asked for within 30 days of the feedback. */
  feedbackRevisionRequestClosed: "feedback_revision_request_closed",
  /** 409: the seller already asked for a revision of this feedback (once). */
  feedbackRevisionAlreadyRequested: "feedback_revision_already_requested",
  /** 422: the buyer revises only when the seller has asked. */
  feedbackRevisionNotRequested: "feedback_revision_not_requested",
  /** 422: the seller asked more than 30 days ago. */
  feedbackRevisionExpired: "feedback_revision_expired",
  /** 409: feedback is revised once. */
  feedbackAlreadyRevised: "feedback_already_revised",
  /** 422 to its parties, 409 to staff: staff removed this feedback. */
  feedbackRemoved: "feedback_removed",

  // ---------- moderation (reports, listing moderation, listing rules) ----------
  /** 404: no report with that id (staff only). */
  reportNotFound: "report_not_found",
  /** 422: reporting your own listing, or yourself. */
  cannotReportOwn: "cannot_report_own",
  /** 409: assigning or resolving a report that is already resolved. */
  reportResolved: "report_resolved",
  /** 422: an action that does not fit the report (remove listing on a report that is not a listing's). */
  reportActionInvalid: "report_action_invalid",
  /** 409: removing a removed listing, restoring one that is not removed, approving one not held. */
  moderationState: "moderation_state",
  /** 409: a listing rule of that kind and value exists already. */
  listingRuleExists: "listing_rule_exists",
  /** 404: no listing rule with that id. */
  listingRuleNotFound: "listing_rule_not_found",

  // ---------- unpaid orders ----------
  /** 422: every unit left is held by other buyers' open checkouts; it may come back when they lapse. */
  stockReserved: "stock_reserved",
  /** 422: a won auction is a commitment to buy; the buyer pays or asks the seller to cancel. */
  auctionWinNotCancellable: "auction_win_not_cancellable",
  /** 422: an accepted offer is a commitment to buy, as a won auction is. */
  offerOrderNotCancellable: "offer_order_not_cancellable",

  // ---------- offers ----------
  /** 422: an offer on a listing that does not take them (an auction, or offers not allowed). */
  offersNotAccepted: "offers_not_accepted",
  /** 403: an offer on your own listing. */
  offerOnOwnListing: "offer_on_own_listing",
  /** 422: an offer at or above the Buy It Now price, or a counter outside the offer and the price. */
  offerAmount: "offer_amount",
  /** 422: a fourth offer by one buyer on one listing. */
  offerLimit: "offer_limit",
  /** 409: an offer while the buyer's previous one on the listing still waits for an answer. */
  offerOpen: "offer_open",
  /** 409: answering an offer that was answered, replaced or has lapsed (a stale page). */
  offerStale: "offer_stale",

  // ---------- shipping ----------
  /** 409: shipping an order that is not paid, was cancelled, or has a cancellation asked or accepted. */
  orderNotShippable: "order_not_shippable",
  /** 409: marking shipped what this seller already marked shipped or ready for pickup. */
  alreadyShipped: "already_shipped",
  /**
   * 422: buying (checkout) or bidding on an item whose seller does not ship to the buyer's
   * territory (issue 29: the checkout's delivery territory, or for a bid the account's).
   */
  doesNotShipThere: "does_not_ship_there",
  /** 422: an order to place or pay names no Deliver to, and the account has none (issue 29). */
  deliverToRequired: "deliver_to_required",
  /** 409: a cart's checkout ships where it was placed; checking out again is how it changes. */
  orderDeliverToFixed: "order_deliver_to_fixed",
  /** 422: ready for pickup on lines whose listings do not offer local pickup. */
  pickupNotOffered: "pickup_not_offered",
  /** 409: marking received an order with nothing shipped, or all of it received already. */
  nothingToReceive: "nothing_to_receive",

  // ---------- admin: users and refunds ----------
  /** 403: signing in (password or provider) to an account staff suspended. */
  accountSuspended: "account_suspended",
  /** 422: staff suspending, warning or changing the role of themselves. */
  cannotModerateSelf: "cannot_moderate_self",
  /** 403: a moderator suspending an admin. */
  cannotSuspendAdmin: "cannot_suspend_admin",
  /** 409: suspending a suspended account, or reinstating one that is not suspended. */
  suspensionUnchanged: "suspension_unchanged",
  /** 422: refunding an order with nothing paid, or more than is left to refund. */
  refundNotAllowed: "refund_not_allowed",
} as const;

/** A code the server may send: a typo in one fails type-checking. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Codes the page's API client makes up itself when there is no envelope to read; the server never
 * sends them, so they are kept apart from ERROR_CODES (its factories must not accept them).
 */
export const CLIENT_ERROR_CODES = {
  /** The request never got an answer (offline, server down). */
  network: "network_error",
  /** The answer did not match its contract schema. */
  invalidResponse: "invalid_response",
} as const;

/** A code the page may find on a failed API call: the server's, or its own stand-ins. */
export type ClientErrorCode =
  | ErrorCode
  | (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];
