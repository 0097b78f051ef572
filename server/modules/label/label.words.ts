// The words a shipping label carries, in the recipient's language (the parcel's recipient_language, the company's by
// default): the people who read a label are the recipient at the door and the couriers of the recipient's country,
// so a label keeps the recipient's language whoever prints it. "COD" itself is the trade's abbreviation everywhere;
// the words under it say what it means. Pure data (the label's thread reads it).
import { languageOf } from "../../../shared/i18n/languages.js";

export interface LabelWords {
  from: string;
  to: string;
  weight: string;
  service: string;
  track: string;
  ref: string;
  /** Under the large "COD": what it means, to collect before handing the parcel over. */
  cod: string;
}

export const LABEL_WORDS: Record<string, LabelWords> = {
  en: {
    from: "FROM",
    to: "TO",
    weight: "WEIGHT",
    service: "SERVICE",
    track: "Track this parcel",
    ref: "Ref.",
    cod: "CASH ON DELIVERY: COLLECT BEFORE HANDING OVER",
  },
  ar: { from: "من", to: "إلى", weight: "الوزن", service: "الخدمة", track: "تتبّع هذه الشحنة", ref: "المرجع", cod: "الدفع عند الاستلام: حصّل المبلغ قبل التسليم" },
  es: {
    from: "REMITENTE",
    to: "DESTINATARIO",
    weight: "PESO",
    service: "SERVICIO",
    track: "Sigue este paquete",
    ref: "Ref.",
    cod: "CONTRA REEMBOLSO: COBRAR ANTES DE ENTREGAR",
  },
  de: {
    from: "ABSENDER",
    to: "EMPFÄNGER",
    weight: "GEWICHT",
    service: "SERVICE",
    track: "Sendung verfolgen",
    ref: "Ref.",
    cod: "NACHNAHME: VOR DER ÜBERGABE KASSIEREN",
  },
  el: {
    from: "ΑΠΟΣΤΟΛΕΑΣ",
    to: "ΠΑΡΑΛΗΠΤΗΣ",
    weight: "ΒΑΡΟΣ",
    service: "ΥΠΗΡΕΣΙΑ",
    track: "Παρακολούθηση δέματος",
    ref: "Αναφ.",
    cod: "ΑΝΤΙΚΑΤΑΒΟΛΗ: ΕΙΣΠΡΑΞΗ ΠΡΙΝ ΤΗΝ ΠΑΡΑΔΟΣΗ",
  },
  fa: {
    from: "فرستنده",
    to: "گیرنده",
    weight: "وزن",
    service: "سرویس",
    track: "رهگیری این مرسوله",
    ref: "مرجع",
    cod: "پرداخت در محل: پیش از تحویل دریافت شود",
  },
  fi: {
    from: "LÄHETTÄJÄ",
    to: "VASTAANOTTAJA",
    weight: "PAINO",
    service: "PALVELU",
    track: "Seuraa pakettia",
    ref: "Viite",
    cod: "POSTIENNAKKO: PERITTÄVÄ ENNEN LUOVUTUSTA",
  },
  fr: {
    from: "EXPÉDITEUR",
    to: "DESTINATAIRE",
    weight: "POIDS",
    service: "SERVICE",
    track: "Suivre ce colis",
    ref: "Réf.",
    cod: "CONTRE-REMBOURSEMENT : ENCAISSER AVANT LA REMISE",
  },
  hu: {
    from: "FELADÓ",
    to: "CÍMZETT",
    weight: "SÚLY",
    service: "SZOLGÁLTATÁS",
    track: "Csomag követése",
    ref: "Hiv.",
    cod: "UTÁNVÉT: ÁTADÁS ELŐTT BESZEDENDŐ",
  },
  id: {
    from: "PENGIRIM",
    to: "PENERIMA",
    weight: "BERAT",
    service: "LAYANAN",
    track: "Lacak paket ini",
    ref: "Ref.",
    cod: "BAYAR DI TEMPAT: TAGIH SEBELUM DISERAHKAN",
  },
  in: { from: "प्रेषक", to: "प्राप्तकर्ता", weight: "वज़न", service: "सेवा", track: "इस पार्सल को ट्रैक करें", ref: "संदर्भ", cod: "कैश ऑन डिलीवरी: सौंपने से पहले राशि लें" },
  it: {
    from: "MITTENTE",
    to: "DESTINATARIO",
    weight: "PESO",
    service: "SERVIZIO",
    track: "Traccia questo pacco",
    ref: "Rif.",
    cod: "CONTRASSEGNO: INCASSARE PRIMA DELLA CONSEGNA",
  },
  ja: { from: "差出人", to: "お届け先", weight: "重量", service: "サービス", track: "この荷物を追跡", ref: "参照", cod: "代金引換: お渡し前に集金" },
  nl: { from: "AFZENDER", to: "ONTVANGER", weight: "GEWICHT", service: "DIENST", track: "Volg dit pakket", ref: "Ref.", cod: "REMBOURS: INNEN VÓÓR AFGIFTE" },
  pt: {
    from: "REMETENTE",
    to: "DESTINATÁRIO",
    weight: "PESO",
    service: "SERVIÇO",
    track: "Rastreie este pacote",
    ref: "Ref.",
    cod: "PAGAMENTO NA ENTREGA: COBRAR ANTES DE ENTREGAR",
  },
  pl: {
    from: "NADAWCA",
    to: "ODBIORCA",
    weight: "WAGA",
    service: "USŁUGA",
    track: "Śledź tę paczkę",
    ref: "Nr ref.",
    cod: "ZA POBRANIEM: POBRAĆ PRZED WYDANIEM",
  },
  ru: {
    from: "ОТПРАВИТЕЛЬ",
    to: "ПОЛУЧАТЕЛЬ",
    weight: "ВЕС",
    service: "УСЛУГА",
    track: "Отследить посылку",
    ref: "Номер",
    cod: "НАЛОЖЕННЫЙ ПЛАТЁЖ: ПОЛУЧИТЬ ДО ВРУЧЕНИЯ",
  },
  ro: {
    from: "EXPEDITOR",
    to: "DESTINATAR",
    weight: "GREUTATE",
    service: "SERVICIU",
    track: "Urmărește coletul",
    ref: "Ref.",
    cod: "RAMBURS: ÎNCASAȚI ÎNAINTE DE PREDARE",
  },
  se: {
    from: "AVSÄNDARE",
    to: "MOTTAGARE",
    weight: "VIKT",
    service: "TJÄNST",
    track: "Spåra paketet",
    ref: "Ref.",
    cod: "POSTFÖRSKOTT: TA BETALT FÖRE ÖVERLÄMNING",
  },
  tr: {
    from: "GÖNDEREN",
    to: "ALICI",
    weight: "AĞIRLIK",
    service: "HİZMET",
    track: "Bu gönderiyi takip et",
    ref: "Ref.",
    cod: "KAPIDA ÖDEME: TESLİMDEN ÖNCE TAHSİL EDİN",
  },
  th: { from: "ผู้ส่ง", to: "ผู้รับ", weight: "น้ำหนัก", service: "บริการ", track: "ติดตามพัสดุนี้", ref: "อ้างอิง", cod: "เก็บเงินปลายทาง เก็บเงินก่อนส่งมอบ" },
  vn: {
    from: "NGƯỜI GỬI",
    to: "NGƯỜI NHẬN",
    weight: "KHỐI LƯỢNG",
    service: "DỊCH VỤ",
    track: "Theo dõi kiện hàng",
    ref: "Mã tham chiếu",
    cod: "THU HỘ (COD): THU TIỀN TRƯỚC KHI GIAO",
  },
};

/** A label's words and its language's tag (label.service.ts gives the recipient's language, else the company's; anything else: English). */
export function labelLanguage(code: string | null | undefined): { words: LabelWords; tag: string } {
  const c = code && LABEL_WORDS[code] ? code : "en";
  // The real language tag, for Intl (the site's codes in, se and vn are hi, sv and vi).
  return { words: LABEL_WORDS[c], tag: languageOf(c).tag };
}
