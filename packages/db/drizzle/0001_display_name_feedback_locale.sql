ALTER TABLE "answers" ADD COLUMN "feedback" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "locale" text DEFAULT 'zh-CN' NOT NULL;