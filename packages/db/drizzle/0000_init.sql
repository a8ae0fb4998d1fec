CREATE TABLE "answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"quiz_post_id" integer,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"score" double precision NOT NULL,
	"verdicts" jsonb NOT NULL,
	"misconceptions" jsonb NOT NULL,
	"suggested_rating" text NOT NULL,
	"rating" text NOT NULL,
	"local_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answers_score_range" CHECK ("answers"."score" between 0 and 1),
	CONSTRAINT "answers_source_valid" CHECK ("answers"."source" in ('daily', 'review', 'drill')),
	CONSTRAINT "answers_suggested_rating_valid" CHECK ("answers"."suggested_rating" in ('again', 'hard', 'good', 'easy')),
	CONSTRAINT "answers_rating_valid" CHECK ("answers"."rating" in ('again', 'hard', 'good', 'easy'))
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"member_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" text NOT NULL,
	"last_review" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_member_id_item_id_pk" PRIMARY KEY("member_id","item_id"),
	CONSTRAINT "cards_state_valid" CHECK ("cards"."state" in ('new', 'learning', 'review', 'relearning'))
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_daily_activity" (
	"member_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"quiz_score" double precision DEFAULT 0 NOT NULL,
	"quiz_answers" integer DEFAULT 0 NOT NULL,
	"review_score" double precision DEFAULT 0 NOT NULL,
	"review_answers" integer DEFAULT 0 NOT NULL,
	"streak" integer NOT NULL,
	CONSTRAINT "member_daily_activity_member_id_local_date_pk" PRIMARY KEY("member_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"discord_user_id" text NOT NULL,
	"locale" text DEFAULT 'zh-CN' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"day_start_hour" integer DEFAULT 4 NOT NULL,
	"desired_retention" double precision DEFAULT 0.9 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_day_start_hour_range" CHECK ("members"."day_start_hour" between 0 and 23),
	CONSTRAINT "members_desired_retention_range" CHECK ("members"."desired_retention" between 0.7 and 0.99)
);
--> statement-breakpoint
CREATE TABLE "quiz_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" text,
	"question_id" text NOT NULL,
	"chapter" integer NOT NULL,
	"chapter_name" text NOT NULL,
	"priority" text NOT NULL,
	"prompt" text NOT NULL,
	"answer" text NOT NULL,
	"key_points" jsonb NOT NULL,
	"misconceptions" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"source_file" text NOT NULL,
	"source_line" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "quiz_items_kind_valid" CHECK ("quiz_items"."kind" in ('main', 'followup', 'misconception')),
	CONSTRAINT "quiz_items_priority_valid" CHECK ("quiz_items"."priority" in ('P0', 'P1', 'P2'))
);
--> statement-breakpoint
CREATE TABLE "quiz_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"item_ids" text[] NOT NULL,
	"channel_message_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "quiz_posts_status_valid" CHECK ("quiz_posts"."status" in ('pending', 'posted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"answer_id" bigint,
	"source" text NOT NULL,
	"rating" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"before_due" timestamp with time zone NOT NULL,
	"before_stability" double precision NOT NULL,
	"before_difficulty" double precision NOT NULL,
	"before_scheduled_days" integer NOT NULL,
	"before_learning_steps" integer NOT NULL,
	"before_reps" integer NOT NULL,
	"before_lapses" integer NOT NULL,
	"before_state" text NOT NULL,
	"before_last_review" timestamp with time zone,
	"after_due" timestamp with time zone NOT NULL,
	"after_stability" double precision NOT NULL,
	"after_difficulty" double precision NOT NULL,
	"after_scheduled_days" integer NOT NULL,
	"after_learning_steps" integer NOT NULL,
	"after_reps" integer NOT NULL,
	"after_lapses" integer NOT NULL,
	"after_state" text NOT NULL,
	"after_last_review" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_logs_rating_valid" CHECK ("review_logs"."rating" in ('again', 'hard', 'good', 'easy')),
	CONSTRAINT "review_logs_source_valid" CHECK ("review_logs"."source" in ('daily', 'review', 'drill')),
	CONSTRAINT "review_logs_before_state_valid" CHECK ("review_logs"."before_state" in ('new', 'learning', 'review', 'relearning')),
	CONSTRAINT "review_logs_after_state_valid" CHECK ("review_logs"."after_state" in ('new', 'learning', 'review', 'relearning'))
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"daily_time" text NOT NULL,
	"timezone" text NOT NULL,
	"questions_per_day" integer DEFAULT 1 NOT NULL,
	"chapters" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_groups_daily_time_format" CHECK ("study_groups"."daily_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "study_groups_questions_per_day_range" CHECK ("study_groups"."questions_per_day" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_item_id_quiz_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."quiz_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_quiz_post_id_quiz_posts_id_fk" FOREIGN KEY ("quiz_post_id") REFERENCES "public"."quiz_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_item_id_quiz_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."quiz_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_daily_activity" ADD CONSTRAINT "member_daily_activity_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_posts" ADD CONSTRAINT "quiz_posts_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_item_id_quiz_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."quiz_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_groups" ADD CONSTRAINT "study_groups_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_idempotency_key_unique" ON "answers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "answers_one_per_post_unique" ON "answers" USING btree ("member_id","quiz_post_id","item_id") WHERE "answers"."quiz_post_id" is not null;--> statement-breakpoint
CREATE INDEX "answers_quiz_post_idx" ON "answers" USING btree ("quiz_post_id");--> statement-breakpoint
CREATE INDEX "answers_member_created_idx" ON "answers" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_member_due_idx" ON "cards" USING btree ("member_id","due");--> statement-breakpoint
CREATE INDEX "group_members_member_idx" ON "group_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_daily_activity_date_idx" ON "member_daily_activity" USING btree ("local_date","member_id","quiz_score","review_score","streak");--> statement-breakpoint
CREATE UNIQUE INDEX "members_discord_user_unique" ON "members" USING btree ("discord_user_id");--> statement-breakpoint
CREATE INDEX "quiz_items_active_chapter_idx" ON "quiz_items" USING btree ("chapter") WHERE "quiz_items"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_posts_group_date_unique" ON "quiz_posts" USING btree ("group_id","local_date");--> statement-breakpoint
CREATE INDEX "quiz_posts_open_idx" ON "quiz_posts" USING btree ("status","claimed_at") WHERE "quiz_posts"."status" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "review_logs_idempotency_key_unique" ON "review_logs" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "review_logs_member_item_reviewed_idx" ON "review_logs" USING btree ("member_id","item_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_answer_idx" ON "review_logs" USING btree ("answer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_groups_channel_unique" ON "study_groups" USING btree ("server_id","channel_id");