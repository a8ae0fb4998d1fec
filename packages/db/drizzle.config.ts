import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from src/schema.ts; no database connection is needed to generate.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema.ts",
  out: "./drizzle",
});
