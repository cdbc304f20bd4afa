// What a person does with the leads, one function per action, each leaving one audit line once
// it has succeeded: the inbox (src/server/http/routes/team/) and `npm run leads`
// (src/server/cli/) both call these, so the two cannot drift apart.

export type { Actor, Transactional } from "./audit";
export { setLeadStatus, type StatusResult } from "./status";
export {
  releaseLead,
  releaseAndDeliver,
  confirmSpam,
  type ReleaseResult,
  type SpamResult,
} from "./quarantine";
export { retryDeliveries, type DeliveryCounts, type RetryResult } from "./deliveries";
export {
  exportLeads,
  leadsCsv,
  leadsJson,
  type ExportedLead,
  type ExportFile,
  type ExportFilter,
  type ExportFormat,
} from "./export";
export { erasePreview, erasePerson, type EraseResult } from "./erasure";
export {
  delayText,
  medianReplyMinutes,
  replyDraft,
  replyToLead,
  type ReplyDraft,
  type ReplyResult,
} from "./reply";
export {
  addNote,
  giveLead,
  maxNoteLength,
  takeLead,
  type NoteResult,
  type OwnerResult,
} from "./owner-and-notes";
export { channelNames, isLeadStatus, leadStatuses, statusFromWord, statusLabels } from "./labels";
