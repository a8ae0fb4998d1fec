import { describe, expect, it } from "vitest";
import { effectivePings } from "../src/index.ts";

const USER = "1300000000000000002";
const ROLE = "1400000000000000001";
const text = `@everyone <@${USER}> <@&${ROLE}> look`;

describe("effective pings", () => {
  it("pings everything written when allowed_mentions is absent", () => {
    expect(effectivePings({ content: text, allowedMentions: undefined })).toEqual({ everyone: true, users: [USER], roles: [ROLE] });
  });

  it("pings nothing with an empty parse list", () => {
    expect(effectivePings({ content: text, allowedMentions: { parse: [] } })).toEqual({ everyone: false, users: [], roles: [] });
  });

  it("pings only listed users when parse is empty and users are listed", () => {
    expect(effectivePings({ content: text, allowedMentions: { users: [USER] } })).toEqual({ everyone: false, users: [USER], roles: [] });
  });
});
