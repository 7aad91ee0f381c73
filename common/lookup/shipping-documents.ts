import { z } from 'zod';

/**
 * The shipping documents Dutybook fills in: an arrival notice and a bill of lading. Each is a list of
 * party and voyage fields plus goods lines; the PDF prints the English label, the form shows `uni.fields.<key>`.
 */
export const shippingDocumentKinds = ['arrival-notice', 'bill-of-lading'] as const;
export type ShippingDocumentKind = (typeof shippingDocumentKinds)[number];

export interface DocumentField { key: string; label: string; multiline?: boolean; required?: boolean }

const party = (key: string, label: string, required = false): DocumentField => ({ key, label, multiline: true, required });

export const shippingDocumentFields: Record<ShippingDocumentKind, DocumentField[]> = {
  'arrival-notice': [
    { key: 'blNumber', label: 'B/L No.', required: true },
    { key: 'noticeDate', label: 'Notice date', required: true },
    party('carrier', 'Carrier / agent', true),
    party('shipper', 'Shipper'),
    party('consignee', 'Consignee', true),
    party('notifyParty', 'Notify party'),
    { key: 'vessel', label: 'Vessel / voyage', required: true },
    { key: 'portOfLoading', label: 'Port of loading', required: true },
    { key: 'portOfDischarge', label: 'Port of discharge', required: true },
    { key: 'placeOfDelivery', label: 'Place of delivery' },
    { key: 'eta', label: 'ETA', required: true },
    { key: 'containers', label: 'Container / seal No.', multiline: true },
    { key: 'freight', label: 'Freight terms' },
    { key: 'remarks', label: 'Charges and remarks', multiline: true },
  ],
  'bill-of-lading': [
    { key: 'blNumber', label: 'B/L No.', required: true },
    party('shipper', 'Shipper', true),
    party('consignee', 'Consignee', true),
    party('notifyParty', 'Notify party'),
    { key: 'vessel', label: 'Vessel / voyage', required: true },
    { key: 'placeOfReceipt', label: 'Place of receipt' },
    { key: 'portOfLoading', label: 'Port of loading', required: true },
    { key: 'portOfDischarge', label: 'Port of discharge', required: true },
    { key: 'placeOfDelivery', label: 'Place of delivery' },
    { key: 'freight', label: 'Freight payable at' },
    { key: 'originals', label: 'Number of original B/Ls' },
    { key: 'placeDateOfIssue', label: 'Place and date of issue', required: true },
  ],
};

export const documentTitles: Record<ShippingDocumentKind, string> = { 'arrival-notice': 'ARRIVAL NOTICE', 'bill-of-lading': 'BILL OF LADING' };

export const goodsLineSchema = z.object({
  marks: z.string().max(200).default(''),
  packages: z.string().max(100).default(''),
  description: z.string().trim().min(1).max(1000),
  grossWeightKg: z.string().max(30).default(''),
  measurementCbm: z.string().max(30).default(''),
});
export type GoodsLine = z.infer<typeof goodsLineSchema>;

/** The payload of a document: its fields by key, and one to 20 goods lines. */
export function shippingDocumentSchema(kind: ShippingDocumentKind) {
  const fields = Object.fromEntries(shippingDocumentFields[kind].map((field) => {
    const text = z.string().trim().max(field.multiline ? 600 : 120);
    return [field.key, field.required ? text.min(1) : text.default('')];
  }));
  return z.object({ fields: z.object(fields), goods: z.array(goodsLineSchema).min(1).max(20) });
}
export type ShippingDocumentInput = { fields: Record<string, string>; goods: GoodsLine[] };
