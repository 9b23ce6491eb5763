-- A notice is stored as a key of the catalogue in server/modules/notifications/messages.ts and
-- its parameters, and worded when it is read or sent, so rewording or translating a notice
-- changes no stored row. Key 'text' is shown exactly as stored: what staff typed, and every
-- notice stored before this migration, whose message becomes its 'text' parameter word for
-- word (reading keys back out of old sentences could only guess; a notice stays as it was shown).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_message_length";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "key" = 'text', "params" = jsonb_build_object('text', "message");--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_text_length" CHECK ("notifications"."key" <> 'text' or length("notifications"."params" ->> 'text') between 1 and 2000);
