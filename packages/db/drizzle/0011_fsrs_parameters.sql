ALTER TABLE "members" ADD COLUMN "fsrs_parameters" double precision[];--> statement-breakpoint
CREATE TABLE "member_fsrs" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"log_loss_before" double precision,
	"log_loss_after" double precision,
	"opted_out" boolean DEFAULT false NOT NULL,
	"last_fit_at" timestamp with time zone,
	"last_fit_review_count" integer,
	"last_fit_outcome" text,
	CONSTRAINT "member_fsrs_last_fit_outcome_valid" CHECK ("member_fsrs"."last_fit_outcome" in ('adopted', 'kept', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "member_fsrs" ADD CONSTRAINT "member_fsrs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "fsrs_fit_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fsrs_fit_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"review_count" integer NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"reason" text,
	CONSTRAINT "fsrs_fit_jobs_outcome_valid" CHECK ("fsrs_fit_jobs"."outcome" in ('adopted', 'kept', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "fsrs_fit_jobs" ADD CONSTRAINT "fsrs_fit_jobs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fsrs_fit_jobs_one_open_per_member" ON "fsrs_fit_jobs" USING btree ("member_id") WHERE "fsrs_fit_jobs"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "fsrs_fit_jobs_open_idx" ON "fsrs_fit_jobs" USING btree ("id") WHERE "fsrs_fit_jobs"."finished_at" is null;
