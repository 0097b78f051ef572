import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { LanguageCode } from "@shared/i18n/languages";
import { controlI18n } from "./texts";
import { readableMessage, REFUSAL_KEYS } from "./fieldLabels";
import { setControlLanguage } from "./time";

/**
 * The server's refusals in the member's language (issue 37): each form of fieldLabels.ts's table, as the server words
 * it on the wire, said in German and Arabic with the field named by its label in that language, and in English as the
 * server says it with the field by its English label. A message of no known form keeps the server's English.
 */
const FORMS: [key: string, server: string, de: string, ar: string, en: string][] = [
  ["required", "recipient_name is required", "Name des Empfängers fehlt", "اسم المستلم مطلوب", "Recipient Name is required"],
  [
    "requiredWhenYes",
    "map_current_latitude is required when show_map is yes",
    "Breitengrad aktueller Standort fehlt: nötig, wenn Karte zeigen auf Ja steht",
    "خط عرض الموقع الحالي مطلوب عندما يكون إظهار الخريطة نعم",
    "Map Current Latitude is required when Show Map is yes",
  ],
  [
    "requiredWhen",
    "password is required when mail_driver is smtp",
    "Passwort fehlt: nötig, wenn Versandart smtp ist",
    "كلمة المرور مطلوب عندما يكون طريقة الإرسال smtp",
    "Password is required when Mail Driver is smtp",
  ],
  [
    "requiredWith",
    "depot_latitude is required with depot_longitude",
    "Breitengrad des Depots fehlt: nötig zusammen mit Längengrad des Depots",
    "خط عرض المستودع مطلوب مع خط طول المستودع",
    "Depot latitude is required with Depot longitude",
  ],
  ["incorrect", "totp_code is incorrect", "6-stelliger Code ist falsch", "رمز من 6 أرقام غير صحيح", "6-digit code is incorrect"],
  ["taken", "tracking_code is already taken", "Sendungsnummer ist schon vergeben", "رقم التتبع مستخدم بالفعل", "Tracking Code is already taken"],
  [
    "invalidOrExpired",
    "password_token is invalid or expired",
    "Token ist ungültig oder abgelaufen",
    "الرمز المرسل بالبريد غير صالح أو منتهي الصلاحية",
    "Token is invalid or expired",
  ],
  [
    "badCharacters",
    "recipient_name contains characters that are not allowed",
    "Name des Empfängers enthält nicht erlaubte Zeichen",
    "يحتوي اسم المستلم على أحرف غير مسموح بها",
    "Recipient Name contains characters that are not allowed",
  ],
  [
    "email",
    "recipient_email must be an e-mail address",
    "E-Mail des Empfängers muss eine E-Mail-Adresse sein",
    "يجب أن يكون بريد المستلم بريدًا إلكترونيًا",
    "Recipient Email must be an e-mail address",
  ],
  [
    "url",
    "url must be an http or https URL",
    "URL muss eine http- oder https-URL sein",
    "يجب أن يكون URL عنوان URL يبدأ بـ http أو https",
    "URL must be an http or https URL",
  ],
  ["text", "parcel_content must be text", "Inhalt muss ein Text sein", "يجب أن يكون المحتوى نصًا", "Parcel Content must be text"],
  ["list", "countries must be a list", "Länder muss eine Liste sein", "يجب أن يكون الدول قائمة", "Countries must be a list"],
  ["number", "weight must be a number", "Gewicht muss eine Zahl sein", "يجب أن يكون الوزن رقمًا", "Weight must be a number"],
  [
    "wholeNumber",
    "map_zoom must be a whole number",
    "Kartenzoom muss eine ganze Zahl sein",
    "يجب أن يكون تكبير الخريطة عددًا صحيحًا",
    "Map Zoom must be a whole number",
  ],
  [
    "smallestUnit",
    "cod_max must be a whole number of the currency's smallest unit",
    "Höchstbetrag je Paket muss eine ganze Zahl der kleinsten Einheit der Währung sein",
    "يجب أن يكون أقصى مبلغ يُحصَّل عن الطرد عددًا صحيحًا بأصغر وحدة في العملة",
    "Largest COD amount must be a whole number of the currency's smallest unit",
  ],
  [
    "dateTime",
    "from must be an ISO 8601 date or date-time",
    "Von muss ein Datum oder Zeitpunkt nach ISO 8601 sein",
    "يجب أن يكون من تاريخًا أو تاريخًا ووقتًا بصيغة ISO 8601",
    "From must be an ISO 8601 date or date-time",
  ],
  [
    "date",
    "min_expected_delivery_date must be a date as YYYY-MM-DD",
    "Früheste Zustellung muss ein Datum im Format JJJJ-MM-TT sein",
    "يجب أن يكون أبكر تسليم تاريخًا بالصيغة YYYY-MM-DD",
    "Min Expected Delivery Date must be a date as YYYY-MM-DD",
  ],
  [
    "time",
    "cutoff must be a time as HH:MM",
    "Annahmeschluss muss eine Uhrzeit im Format HH:MM sein",
    "يجب أن يكون موعد الإغلاق وقتًا بالصيغة HH:MM",
    "Cutoff must be a time as HH:MM",
  ],
  [
    "currencyCode",
    "currency must be an ISO 4217 code such as EUR",
    "Währung muss ein Währungscode nach ISO 4217 sein, etwa EUR",
    "يجب أن يكون العملة رمز عملة وفق ISO 4217 مثل EUR",
    "Currency must be an ISO 4217 code such as EUR",
  ],
  [
    "controlCharacters",
    "recipient_name must not contain control characters",
    "Name des Empfängers darf keine Steuerzeichen enthalten",
    "يجب ألا يحتوي اسم المستلم على أحرف تحكم",
    "Recipient Name must not contain control characters",
  ],
  ["notNegative", "weight must not be negative", "Gewicht darf nicht negativ sein", "يجب ألا يكون الوزن سالبًا", "Weight must not be negative"],
  [
    "minLength",
    "password must be at least 8 characters",
    "Passwort braucht mindestens 8 Zeichen",
    "يجب ألا يقل كلمة المرور عن 8 أحرف",
    "Password must be at least 8 characters",
  ],
  [
    "maxLength",
    "recipient_name must be at most 255 characters",
    "Name des Empfängers darf höchstens 255 Zeichen haben",
    "يجب ألا يتجاوز اسم المستلم 255 حرفًا",
    "Recipient Name must be at most 255 characters",
  ],
  ["atLeast", "map_zoom must be at least 1", "Kartenzoom muss mindestens 1 sein", "يجب أن يكون تكبير الخريطة 1 على الأقل", "Map Zoom must be at least 1"],
  ["atMost", "weight must be at most 0.001", "Gewicht darf höchstens 0,001 sein", "يجب ألا يتجاوز الوزن 0.001", "Weight must be at most 0.001"],
  [
    "between",
    "map_current_latitude must be between -90 and 90",
    "Breitengrad aktueller Standort muss zwischen -90 und 90 liegen",
    "يجب أن يكون خط عرض الموقع الحالي بين ‎-90 و90",
    "Map Current Latitude must be between -90 and 90",
  ],
  [
    "numberFrom",
    "depot_latitude must be a number from -90 to 90",
    "Breitengrad des Depots muss eine Zahl von -90 bis 90 sein",
    "يجب أن يكون خط عرض المستودع رقمًا من ‎-90 إلى 90",
    "Depot latitude must be a number from -90 to 90",
  ],
  [
    "wholeFrom",
    "courier_cash_limit must be a whole number from 0 to 100000000",
    "Bargeld, das ein Fahrer halten darf muss eine ganze Zahl von 0 bis 100000000 sein",
    "يجب أن يكون النقد المسموح للمندوب بحمله عددًا صحيحًا من 0 إلى 100000000",
    "Courier cash limit must be a whole number from 0 to 100000000",
  ],
  [
    "numberFromUnit",
    "courier_speed_kmh must be a number from 1 to 200 km/h",
    "Kuriergeschwindigkeit (km/h) muss eine Zahl von 1 bis 200 km/h sein",
    "يجب أن يكون سرعة المندوب (كم/س) رقمًا من 1 إلى 200 كم/س",
    "Courier speed (km/h) must be a number from 1 to 200 km/h",
  ],
  [
    "wholeFromUnit",
    "delivery_window_minutes must be a whole number from 1 to 1440 minutes",
    "Zeitfenster (Minuten) muss eine ganze Zahl von 1 bis 1440 Minuten sein",
    "يجب أن يكون نافذة التوصيل (بالدقائق) عددًا صحيحًا من 1 إلى 1440 دقيقة",
    "Delivery window (minutes) must be a whole number from 1 to 1440 minutes",
  ],
  [
    "oneOf",
    "status_code must be one of pending, picked_up, in_transit",
    "Statuscode muss einer dieser Werte sein: pending, picked_up, in_transit",
    "يجب أن يكون رمز الحالة إحدى هذه القيم: pending, picked_up, in_transit",
    "Status code must be one of pending, picked_up, in_transit",
  ],
  ["either", "active must be true or false", "Aktiv muss true oder false sein", "يجب أن يكون نشطة true أو false", "Active must be true or false"],
  [
    "mustMatch",
    "confirm_new_password must match new_password",
    "Neues Passwort bestätigen muss mit Neues Passwort übereinstimmen",
    "يجب أن يطابق تأكيد كلمة المرور الجديدة كلمة المرور الجديدة",
    "Confirm New Password must match New Password",
  ],
  [
    "notBefore",
    "max_expected_delivery_date must not be before min_expected_delivery_date",
    "Späteste Zustellung darf nicht vor Früheste Zustellung liegen",
    "لا يجوز أن يكون آخر تسليم قبل أبكر تسليم",
    "Max Expected Delivery Date must not be before Min Expected Delivery Date",
  ],
  ["notAfter", "from must not be after to", "Von darf nicht nach Bis liegen", "لا يجوز أن يكون من بعد إلى", "From must not be after To"],
  [
    "notBelow",
    "transit_days_max must not be below transit_days_min",
    "Laufzeit, höchstens (Tage) darf nicht kleiner als Laufzeit, mindestens (Tage) sein",
    "لا يجوز أن يكون أيام النقل، الأقصى أقل من أيام النقل، الأدنى",
    "Transit days, most must not be below Transit days, fewest",
  ],
  [
    "onOrBefore",
    "from must be on or before to",
    "Von muss am selben Tag wie Bis oder davor liegen",
    "يجب أن يكون من في يوم إلى أو قبله",
    "From must be on or before To",
  ],
  [
    "amount",
    "credit_limit must be an amount in EUR, such as 250.00",
    "Kreditlimit muss ein Betrag in EUR sein, etwa 250.00",
    "يجب أن يكون حد الائتمان مبلغًا بـ EUR، مثل 250.00",
    "Credit limit must be an amount in EUR, such as 250.00",
  ],
  [
    "cashLimit",
    "courier_cash_limit: this courier holds €1,200.00 in cash, more than the limit of €1,000.00: count their cash in (a cash-up) before giving them a new run",
    "Bargeld, das ein Fahrer halten darf: Dieser Fahrer hat €1,200.00 Bargeld bei sich, mehr als das Limit von €1,000.00. Erst das Bargeld abrechnen (Kassenabschluss), dann eine neue Tour geben",
    "النقد المسموح للمندوب بحمله: يحمل هذا المندوب €1,200.00 نقدًا، وهو أكثر من الحد البالغ €1,000.00: سلّم نقده (تسليم النقد) قبل إعطائه جولة جديدة",
    "Courier cash limit: this courier holds €1,200.00 in cash, more than the limit of €1,000.00: count their cash in (a cash-up) before giving them a new run",
  ],
  [
    "codDue",
    "cod: 1250 EUR is due on this parcel: record the delivery with its collection (a delivered scan, a proof of delivery or the run screen's Deliver)",
    "12,50\u00a0€ sind für dieses Paket fällig: Erfassen Sie die Zustellung mit dem Inkasso (ein Scan, ein Zustellnachweis oder „Zustellen“ in der Tour)",
    "على هذا الطرد \u200f12.50\u00a0€ مستحقة: سجّل التسليم مع تحصيلها (مسح أو إثبات تسليم أو «تسليم» في الجولة)",
    "€12.50 is due on this parcel: record the delivery with its collection (a scan, a proof of delivery or the run screen's Deliver)",
  ],
];

/**
 * Beyond one form each: a nested path's items and fields, and a list of fields at a message's head, joined as the
 * language joins them; a message of no known form keeps the server's English (its fields by their labels); one that
 * names no field stays as the server wrote it.
 */
const CASES: [code: "de" | "ar" | "fa" | "en", server: string, said: string][] = [
  ["de", "lanes[3].brackets[0].up_to_kg must not be negative", "Strecke 4, Gewichtsstufe 1, Bis (kg) darf nicht negativ sein"],
  ["ar", "countries[1] must be text", "يجب أن يكون الدولة 2 نصًا"],
  ["ar", "lanes[0].brackets[1].up_to_kg must not be negative", "يجب ألا يكون المسار 1، شريحة الوزن 2، حتى (كغ) سالبًا"],
  ["fa", "lanes[0].brackets[1].up_to_kg must not be negative", "مسیر 1، بازهٔ وزنی 2، تا (کیلوگرم) نباید منفی باشد"],
  ["de", "depot_latitude or depot_longitude is required", "Breitengrad des Depots oder Längengrad des Depots fehlt"],
  ["ar", "company_name, depot_latitude or depot_longitude is required", "اسم الشركة أو خط عرض المستودع أو خط طول المستودع مطلوب"],
  ["de", "password is too common", "Passwort is too common"],
  ["de", "Parcel not found", "Parcel not found"],
  ["de", "cod_amount can no longer be changed or removed: the parcel is delivered", "cod_amount can no longer be changed or removed: the parcel is delivered"],
  ["ar", "map_zoom must be exact or city or street", "تكبير الخريطة must be exact or city or street"],
  ["ar", "row 4: amount is not a number", "row 4: amount is not a number"],
];

const i18n = controlI18n("de");
async function speak(code: LanguageCode) {
  await i18n.changeLanguage(code);
  setControlLanguage(code);
}

beforeAll(async () => {
  await new Promise<void>((done) => (i18n.isInitialized ? done() : i18n.on("initialized", () => done())));
  // The texts from the files (Vitest's module cache keeps an import.meta.glob's list from a first run).
  for (const code of ["de", "ar", "fa", "en"])
    i18n.addResourceBundle(
      code,
      "control",
      JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../i18n/locales/control/control", `${code}.json`), "utf8")),
      true,
      true,
    );
});

describe("the server's refusals in the member's language", () => {
  it("has a case here for every form the table knows", () => {
    expect(FORMS.map(([key]) => key).sort()).toEqual([...REFUSAL_KEYS].sort());
  });

  for (const [code, column] of [
    ["de", 2],
    ["ar", 3],
    ["en", 4],
  ] as const) {
    it(`says each form in ${code}, naming the fields by their labels`, async () => {
      await speak(code);
      for (const form of FORMS) expect(readableMessage(form[1]), form[0]).toBe(form[column]);
    });
  }

  for (const [code, server, expected] of CASES) {
    it(`says "${server}" in ${code}`, async () => {
      await speak(code);
      expect(readableMessage(server)).toBe(expected);
    });
  }
});
