export { CreditLedger, CreditsError, MAX_BALANCE, type Queryable, type LedgerEntry, type LedgerKind, type DebitResult, type AccountView } from './ledger.js';
export {
  FRAMEWORK_COST,
  COORDINATION_BANDS,
  DEPTHS,
  MIN_COORDINATION_COST,
  coordinationCost,
  fitCoordination,
  type CoordinationDepth,
  type PricedDepth,
} from './pricing.js';
export { creditsDebited, creditsRefunded } from './metrics.js';
