import "reflect-metadata";
import { IsEmail, IsInt, ValidateNested, validate } from "class-validator";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.js";
import { Name, Nested, Optional, Required, Text, WhenPresent, blankToNull, fieldsOf, isOneLine, messagesOf, validated, withNumbers } from "./validation.js";
import { MAX_TEXT } from "../../shared/core/lengths.codes.js";
import { CreateParcelInput } from "../modules/parcel/parcel.input.js";

class Sample {
  @Required() @Text() name: string;
  @Optional() @Text(10) @IsEmail({}, { message: "email must be an e-mail address" }) email?: string | null;
  @WhenPresent() @Required() @Text() nickname?: string;
  @Optional() @IsInt({ message: "age must be a whole number" }) age?: number;
}

async function failure(cls: new () => object, raw: unknown): Promise<AppError> {
  try {
    await validated(cls as new () => Sample, raw);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error("expected BAD_USER_INPUT");
}

describe("validated", () => {
  it("returns an instance of the class holding only its declared fields", async () => {
    const raw = JSON.parse('{"name":"Ann","age":3,"role":"admin","__proto__":{"polluted":true},"constructor":"x"}');
    const v = await validated(Sample, raw);
    expect(v).toBeInstanceOf(Sample);
    expect({ ...v }).toEqual({ name: "Ann", age: 3 });
    expect((v as unknown as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(v, "constructor")).toBe(false);
  });

  it("throws BAD_USER_INPUT with one message per failed field, naming it", async () => {
    const e = await failure(Sample, { name: "", email: "nope", age: 1.5 });
    expect(e.code).toBe("BAD_USER_INPUT");
    expect(e.status).toBe(422);
    expect(e.messages).toEqual(["name is required", "email must be an e-mail address", "age must be a whole number"]);
    expect(e.message).toBe("name is required");
  });

  it("treats anything but a plain object as an empty body", async () => {
    for (const raw of [null, undefined, "name=Ann", 42, ["Ann"]]) {
      expect((await failure(Sample, raw)).messages).toEqual(["name is required"]);
    }
  });

  it("applies the text rules: text only, at most MAX_TEXT (or the given) characters", async () => {
    expect(MAX_TEXT).toBe(300);
    expect((await failure(Sample, { name: 12 })).messages).toEqual(["name must be text"]);
    expect((await failure(Sample, { name: "x".repeat(301) })).messages).toEqual(["name must be at most 300 characters"]);
    expect((await validated(Sample, { name: "x".repeat(300) })).name).toHaveLength(300);
    expect((await failure(Sample, { name: "A", email: "a@very-long.example" })).messages).toEqual(["email must be at most 10 characters"]);
  });

  it("Optional skips the rules for undefined, null and empty; WhenPresent only for undefined", async () => {
    for (const email of [undefined, null, ""]) await expect(validated(Sample, { name: "A", email })).resolves.toBeInstanceOf(Sample);
    await expect(validated(Sample, { name: "A" })).resolves.toBeInstanceOf(Sample);
    expect((await failure(Sample, { name: "A", nickname: "" })).messages).toEqual(["nickname is required"]);
    expect((await failure(Sample, { name: "A", nickname: null })).messages).toEqual(["nickname is required"]);
  });

  it("takes a required string of spaces for a missing one", async () => {
    for (const name of [" ", "  \t\n "]) expect((await failure(Sample, { name })).messages).toEqual(["name is required"]);
    expect((await failure(Sample, { name: "A", nickname: "   " })).messages).toEqual(["nickname is required"]);
    await expect(validated(Sample, { name: " A " })).resolves.toBeInstanceOf(Sample);
  });

  it("runs the real input classes the same way both doors do", async () => {
    const e = await failure(CreateParcelInput, { tracking_code: "bad code", recipient_name: "", destination: "Oslo", map_zoom: 30, recipient_email: "" });
    expect([...e.messages].sort()).toEqual(["map_zoom must be at most 19", "recipient_name is required", "tracking_code may hold only letters, digits and -"]);
    const ok = await validated(CreateParcelInput, { tracking_code: "CR-1", recipient_name: "Ann", destination: "Oslo", extra: "dropped" });
    expect({ ...ok }).toEqual({ tracking_code: "CR-1", recipient_name: "Ann", destination: "Oslo" });
  });
});

describe("Name", () => {
  class Named {
    @Required() @Name() name: string;
  }
  it("refuses C0 and C1 controls and bidi overrides, naming the field; takes other scripts and marks", async () => {
    for (const bad of ["Ann\u0007", "Ann\tLee", "Ann\nLee", "Ann\u0085", "Ann\u202egpj.exe", "\u2066Ann\u2069", "Ann\u007f"]) {
      expect(isOneLine(bad), JSON.stringify(bad)).toBe(false);
      expect((await failure(Named, { name: bad })).messages).toEqual(["name must not contain control characters"]);
    }
    for (const good of ["Ann Lee", "محمد\u200f", "Zoë O'Brien-Smith", "株式会社", "👩‍🚀 Crew"]) expect(isOneLine(good), good).toBe(true);
    expect(await validated(Named, { name: "Zoë" })).toMatchObject({ name: "Zoë" });
  });
});

describe("messagesOf", () => {
  it("prefers 'is required' over the other rules of the same field", async () => {
    const s = Object.assign(new Sample(), { name: undefined });
    const errors = await validate(s);
    expect(Object.keys(errors[0].constraints!).length).toBeGreaterThan(1);
    expect(messagesOf(errors)).toEqual(["name is required"]);
  });

  it("prefixes nested fields with their parent's name", () => {
    const msgs = messagesOf([
      { property: "input", children: [{ property: "title", constraints: { required: "title is required" }, children: [] }] },
      { property: "page", constraints: { min: "page must be at least 1" } },
    ]);
    expect(msgs).toEqual(["input.title is required", "page must be at least 1"]);
  });

  it("names a list's items by index and a sibling under the same parent", () => {
    const msgs = messagesOf([
      {
        property: "lines",
        children: [{ property: "3", children: [{ property: "price", constraints: { max: "price must be at most 9" }, children: [] }] }],
      },
      { property: "to", children: [{ property: "longitude", constraints: { paired: "{prefix}latitude is required with {prefix}longitude" } }] },
    ]);
    expect(msgs).toEqual(["lines[3].price must be at most 9", "to.latitude is required with to.longitude"]);
  });

  it("walks nested validation results", async () => {
    class Child {
      @Required() @Text() title: string;
    }
    class Parent {
      @ValidateNested() child: Child;
    }
    const p = Object.assign(new Parent(), { child: Object.assign(new Child(), { title: "" }) });
    expect(messagesOf(await validate(p))).toEqual(["child.title is required"]);
  });
});

describe("fieldsOf", () => {
  it("lists every field carrying a rule, inherited ones included", () => {
    expect(fieldsOf(Sample).sort()).toEqual(["age", "email", "name", "nickname"]);
    const parcel = fieldsOf(CreateParcelInput);
    expect(parcel).toEqual(
      expect.arrayContaining(["tracking_code", "recipient_name", "destination", "recipient_email", "map_zoom", "map_destination_longitude"]),
    );
    expect(fieldsOf(CreateParcelInput)).toBe(parcel); // cached
  });
});

describe("blankToNull", () => {
  it("turns the listed blank keys into null and leaves the rest", () => {
    const d = blankToNull({ a: "", b: "", c: "x", d: 0, e: undefined }, ["a", "c", "d", "e"]);
    expect(d).toEqual({ a: null, b: "", c: "x", d: 0, e: undefined });
  });
});

describe("Nested", () => {
  class Item {
    @Required() @IsInt({ message: "$property must be a whole number" }) price: number;
  }
  class Order {
    @Required() @Nested(() => Item) first: Item;
    @Nested(() => Item, { each: true }) lines: Item[];
  }

  it("builds a REST body's nested objects from their declared fields and names a failure under its parents", async () => {
    const raw = JSON.parse('{"first":{"price":1,"__proto__":{"admin":true},"extra":1},"lines":[{"price":1},{"price":2},{"price":1.5}]}');
    const err = await validated(Order, raw).catch((e: AppError) => e);
    expect((err as AppError).messages).toEqual(["lines[2].price must be a whole number"]);
    const ok = await validated(Order, { first: { price: 1, extra: 1 }, lines: [] });
    expect(ok.first).toBeInstanceOf(Item);
    expect(Object.keys(ok.first)).toEqual(["price"]);
  });

  it("refuses what is not an object or a list, and a missing object, naming the field", async () => {
    const err = await validated(Order, { first: "x", lines: {} }).catch((e: AppError) => e);
    expect((err as AppError).messages).toEqual(["first must be an object", "lines must be a list"]);
    const none = await validated(Order, { lines: [5] }).catch((e: AppError) => e);
    expect((none as AppError).messages).toEqual(["first is required", "each item of lines must be an object"]);
  });
});

describe("withNumbers", () => {
  it("reads a query string's numbers in the listed fields only", () => {
    expect(withNumbers({ page: "2", per_page: " 1.5 ", q: "7", shipper_id: "x", status: "" }, ["page", "per_page", "shipper_id", "status"])).toEqual({
      page: 2,
      per_page: 1.5,
      q: "7",
      shipper_id: "x",
      status: undefined,
    });
  });
});
