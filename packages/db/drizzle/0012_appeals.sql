CREATE TABLE "appeals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"answer_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"server_id" text NOT NULL,
	"item_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text,
	"outcome" jsonb,
	"notified_at" timestamp with time zone,
	CONSTRAINT "appeals_status_valid" CHECK ("appeals"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_item_id_quiz_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."quiz_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_per_answer" ON "appeals" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "appeals_pending_server_idx" ON "appeals" USING btree ("server_id","created_at") WHERE "appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "appeals_member_created_idx" ON "appeals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "appeals_unnotified_idx" ON "appeals" USING btree ("member_id") WHERE "appeals"."status" <> 'pending' and "appeals"."notified_at" is null;--> statement-breakpoint
CREATE TABLE "server_aliases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_aliases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"server_id" text NOT NULL,
	"item_id" text NOT NULL,
	"point_id" text NOT NULL,
	"concept" integer NOT NULL,
	"alias" text NOT NULL,
	"appeal_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "server_aliases_concept_valid" CHECK ("server_aliases"."concept" >= 0)
);
--> statement-breakpoint
ALTER TABLE "server_aliases" ADD CONSTRAINT "server_aliases_item_id_quiz_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."quiz_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_aliases" ADD CONSTRAINT "server_aliases_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_aliases_unique" ON "server_aliases" USING btree ("server_id","item_id","point_id","concept","alias");
