CREATE TABLE "member_weekly_activity" (
	"member_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"quiz_points" double precision NOT NULL,
	"review_points" double precision NOT NULL,
	"streak_points" double precision NOT NULL,
	"active_days" integer NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "member_weekly_activity_member_id_week_start_pk" PRIMARY KEY("member_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "member_weekly_activity" ADD CONSTRAINT "member_weekly_activity_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_weekly_activity_period_idx" ON "member_weekly_activity" USING btree ("week_start","member_id","quiz_points","review_points","streak_points","active_days","answers");