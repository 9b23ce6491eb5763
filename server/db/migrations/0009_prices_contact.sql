CREATE TABLE "coin_prices" (
	"symbol" text PRIMARY KEY NOT NULL,
	"coin_id" text NOT NULL,
	"name" text NOT NULL,
	"price_usd" numeric(38, 18) NOT NULL,
	"change_24h_pct" numeric(14, 4),
	"market_cap_usd" numeric(30, 2),
	"source_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_prices_coin_id_unique" UNIQUE("coin_id"),
	CONSTRAINT "coin_prices_price_positive" CHECK ("coin_prices"."price_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_feed_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"history_fetched_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	CONSTRAINT "price_feed_state_single_row" CHECK ("price_feed_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"close_usd" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_history_symbol_day_pk" PRIMARY KEY("symbol","day"),
	CONSTRAINT "price_history_close_positive" CHECK ("price_history"."close_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"mail_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_lengths" CHECK (length("contact_messages"."name") between 1 and 100 and length("contact_messages"."email") between 3 and 254 and length("contact_messages"."message") between 1 and 5000)
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");