-- Interaction claims: one process acknowledges an interaction id, however many receive it.
CREATE TABLE "interaction_claims" (
	"interaction_id" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "interaction_claims_claimed_at_idx" ON "interaction_claims" USING btree ("claimed_at");
--> statement-breakpoint
-- A reveal has its own state: owed once the post closes, claimed by one process, then revealed.
ALTER TABLE "quiz_posts" ADD COLUMN "reveal_claimed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "quiz_posts" ADD COLUMN "revealed_at" timestamp with time zone;
--> statement-breakpoint
-- Posts closed before reveals had a state were revealed then.
UPDATE "quiz_posts" SET "revealed_at" = "closed_at" WHERE "status" = 'closed';
--> statement-breakpoint
CREATE INDEX "quiz_posts_reveal_owed_idx" ON "quiz_posts" USING btree ("closed_at") WHERE "quiz_posts"."status" = 'closed' AND "quiz_posts"."revealed_at" IS NULL;
--> statement-breakpoint
-- Why a group stopped posting on its own (the bot may not post in its channel), for /quiz status.
ALTER TABLE "study_groups" ADD COLUMN "paused_reason" text;
