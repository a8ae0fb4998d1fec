CREATE TABLE "interview_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"state" jsonb NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "interview_sessions_status_valid" CHECK ("interview_sessions"."status" in ('open', 'finished', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "interview_sessions" ADD CONSTRAINT "interview_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_sessions_one_open_per_member" ON "interview_sessions" USING btree ("member_id") WHERE "interview_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "interview_sessions_member_created_idx" ON "interview_sessions" USING btree ("member_id","created_at");
