CREATE TABLE "decks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "decks_name_length" CHECK (char_length("decks"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decks_server_name_unique" ON "decks" USING btree ("server_id","name");--> statement-breakpoint
CREATE TABLE "study_group_decks" (
	"group_id" integer NOT NULL,
	"deck_id" integer NOT NULL,
	CONSTRAINT "study_group_decks_group_id_deck_id_pk" PRIMARY KEY("group_id","deck_id")
);
--> statement-breakpoint
ALTER TABLE "study_group_decks" ADD CONSTRAINT "study_group_decks_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_decks" ADD CONSTRAINT "study_group_decks_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_items" ADD COLUMN "deck_id" integer;--> statement-breakpoint
ALTER TABLE "quiz_items" ADD COLUMN "accepted_answers" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_items" ADD CONSTRAINT "quiz_items_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_items_active_deck_idx" ON "quiz_items" USING btree ("deck_id") WHERE "quiz_items"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "quiz_items" DROP CONSTRAINT "quiz_items_kind_valid";--> statement-breakpoint
ALTER TABLE "quiz_items" ADD CONSTRAINT "quiz_items_kind_valid" CHECK ("quiz_items"."kind" in ('main', 'followup', 'misconception', 'cloze'));
