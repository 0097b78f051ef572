import fs from "node:fs";
import { buildSchema, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { PUBLIC_SETTING_KEYS } from "./settings.codes.js";

describe("the public settings", () => {
  it("are exactly the fields of GraphQL's PublicSettings (schema/schema.graphql)", () => {
    const schema = buildSchema(fs.readFileSync(new URL("../../../schema/schema.graphql", import.meta.url), "utf8"));
    const type = schema.getType("PublicSettings");
    if (!isObjectType(type)) throw new Error("PublicSettings is not an object type");
    expect(Object.keys(type.getFields()).sort()).toEqual([...PUBLIC_SETTING_KEYS].sort());
  });

  it("are columns of the settings row (prisma/models.prisma)", () => {
    const model = /model Settings \{([^}]*)\}/.exec(fs.readFileSync(new URL("../../../prisma/models.prisma", import.meta.url), "utf8"))?.[1] ?? "";
    for (const key of PUBLIC_SETTING_KEYS) expect(model, key).toMatch(new RegExp(`^\\s*${key}\\s+String`, "m"));
  });
});
