import { Merchant } from './merchants/merchant.entity.ts';
import { Credential } from './merchants/credential.entity.ts';
import { AuthFailure } from './merchants/auth-failure.entity.ts';
import { Card } from './cards/card.entity.ts';
import { Purchase } from './purchases/purchase.entity.ts';
import { Refund } from './refunds/refund.entity.ts';
import { AuditEvent } from './audit/audit-event.entity.ts';
import { ConsoleUser } from './console/console-user.entity.ts';
import { ConsoleSessionRow } from './console/console-session.entity.ts';
import { ConsoleAuditRow } from './console/console-audit-row.entity.ts';

/** Every table of the gateway module (schema `gateway`), and the console's users, sessions and audit log (schema `console`). */
export const gatewayEntities = [
  Merchant,
  Credential,
  AuthFailure,
  Card,
  Purchase,
  Refund,
  AuditEvent,
  ConsoleUser,
  ConsoleSessionRow,
  ConsoleAuditRow,
];
