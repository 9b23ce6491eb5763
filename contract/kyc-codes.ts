// Apart from the KYC schemas (contract/kyc.ts re-exports it): the dashboard's quick invest
// reacts to it and loads no zod.

/** Error codes a client reacts to: the gate's code links to the Verification page. */
export const KYC_REQUIRED = 'KYC_REQUIRED';
