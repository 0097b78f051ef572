import { Field, Float, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "Settings anyone may read: the company's name and contact details, meta description, chat code" })
export class PublicSettings {
  @Field(() => String, { description: "The company's name (the setting, or COMPANY_NAME while it is empty)" }) company_name: string;
  @Field(() => String) meta_description: string;
  @Field(() => String) chat_code: string;
  @Field(() => String) contact_email: string;
  @Field(() => String) contact_phone: string;
  @Field(() => String) contact_phone_alt: string;
  @Field(() => String) contact_twitter: string;
  @Field(() => String) contact_telegram: string;
  @Field(() => String) contact_instagram: string;
  @Field(() => String) contact_address: string;
  @Field(() => String, { description: "Shipper sign-up: open or off" }) shipper_signup: string;
  @Field(() => String, { description: "ISO 4217 code of every amount (amounts are integers of its smallest unit)" }) currency: string;
  @Field(() => String, { description: "HH:MM: a same-day pickup must be asked for before it" }) pickup_cutoff: string;
}

@ObjectType({ description: "All settings, for the admin" })
export class Settings extends PublicSettings {
  @Field(() => String, {
    description: "The company's language (one of the 22 codes; default en): wherever no person's language is known, the server writes in it",
  })
  language: string;
  @Field(() => String, { description: "mail or smtp" }) mail_driver: string;
  @Field(() => String, { description: "plain, html1, html2, html3 or html4" }) mail_template: string;
  @Field(() => Boolean, { description: "Send Email may sign in to an SMTP server without TLS (the password then travels in clear)" }) smtp_allow_plain: boolean;
  @Field(() => Float, { nullable: true, description: "The depot: where runs start and end unless given" }) depot_latitude: number | null;
  @Field(() => Float, { nullable: true }) depot_longitude: number | null;
  @Field(() => Float, { description: "The courier's speed for ETAs (default 25)" }) courier_speed_kmh: number;
  @Field(() => Float, { description: "Minutes at each stop for ETAs (default 4)" }) stop_minutes: number;
  @Field(() => Int, { description: "Recipients are told once when this many stops are left before theirs (default 3)" }) notify_stops_before: number;
  @Field(() => Int, { description: "Minutes: the delivery window a started run gives each stop (default DELIVERY_WINDOW_MINUTES, 60)" })
  delivery_window_minutes: number;
  @Field(() => Int, { description: "The largest amount (smallest unit) a quote, booking, rate card or credit limit may carry (default 100000000)" })
  max_amount: number;
  @Field(() => Int, { description: "Cash on delivery: the largest cod_amount (smallest unit; default 500000)" }) cod_max: number;
  @Field(() => Int, { description: "Cash on delivery: the cash a courier may hold and still be given a new run (smallest unit; default 200000)" })
  courier_cash_limit: number;
  @Field(() => Boolean, { description: "Messages to recipients: SMS on (SMS_PROVIDER sends them)" }) sms_enabled: boolean;
  @Field(() => Boolean, { description: "Messages to recipients: WhatsApp on (WHATSAPP_PROVIDER sends them)" }) whatsapp_enabled: boolean;
  @Field(() => [String], { description: "The channels in the order tried: whatsapp, sms, email (default that order)" }) channel_order: string[];
  @Field(() => Int, { description: "SMS segments a day; past it SMS is skipped (reason budget) and the next channel used (default 1000)" })
  sms_daily_limit: number;
  @Field(() => String, { description: "The approved WhatsApp template for a status" }) whatsapp_template_status: string;
  @Field(() => String, { description: "The approved WhatsApp template for the delivery window and the courier near" }) whatsapp_template_window: string;
  @Field(() => String, { description: "What Meta's webhook verification sends as hub.verify_token" }) whatsapp_verify_token: string;
}
