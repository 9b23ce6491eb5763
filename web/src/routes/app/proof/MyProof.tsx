import { useQuery } from '@tanstack/react-query';
import { Fingerprint, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiabilitySnapshot, MyLiabilityProof } from '@contract/proof-of-liabilities';
import { ApiError, errorMessage } from '../../../api/client';
import { useLiabilitySnapshot, useMyLiabilityProof } from '../../../api/proofOfLiabilities';
import { PageHeader, SectionCard } from '../../../components/Card';
import { LoadError, Notice } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { CopyButton } from '../../../components/RecoveryCodes';
import { Spinner } from '../../../components/Spinner';
import { ProofFormulas } from '../../../components/proof/ProofFormulas';
import { ProofHonesty } from '../../../components/proof/ProofHonesty';
import { ProofReportView } from '../../../components/proof/ProofReportView';
import { VerifierScript } from '../../../components/proof/VerifierScript';
import { canHash, checkProof, downloadJson } from '../../../components/proof/proofCheck';
import { formatCentsUsd, formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';

/** The proof checked in this browser against the snapshot published for everyone. */
function Verification({ proof, published }: { proof: MyLiabilityProof; published: LiabilitySnapshot }) {
  const { t } = useTranslation('proof');
  const supported = canHash();
  const check = useQuery({
    queryKey: ['proof-of-liabilities/verify', proof, published],
    queryFn: () => checkProof(proof, published),
    enabled: supported,
    staleTime: Infinity,
  });
  if (!supported) return <Notice tone="warning">{t('verify.unsupported')}</Notice>;
  return (
    <QueryView query={check} fallback={t('verify.failed')} loadingLabel={t('report.checking')}>
      {(report) => <ProofReportView report={report} proof={proof} />}
    </QueryView>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-all" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Proof({ proof }: { proof: MyLiabilityProof }) {
  const { t } = useTranslation('proof');
  const published = useLiabilitySnapshot(proof.snapshot.id);
  const json = JSON.stringify(proof, null, 2);
  return (
    <>
      <SectionCard title={t('mine.check')} icon={ShieldCheck} testId="my-proof-check">
        <QueryView query={published} fallback={t('mine.publishedFailed')}>
          {(snapshot) => <Verification proof={proof} published={snapshot} />}
        </QueryView>
      </SectionCard>
      <SectionCard title={t('mine.leaf.title')} description={t('mine.leaf.description')} icon={Fingerprint}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Row label={t('mine.leaf.snapshot')}>
            {t('mine.leaf.snapshotValue', { id: proof.snapshot.id, date: formatDateTime(proof.snapshot.takenAt) })}
          </Row>
          <Row label={t('mine.leaf.balance')} testId="my-proof-balance">
            {formatCentsUsd(BigInt(proof.balanceCents))}
          </Row>
          <Row label={t('mine.leaf.userId')}>{proof.userId}</Row>
          <Row label={t('mine.leaf.salt')}>
            <code className="text-xs">{proof.salt}</code>
          </Row>
          <Row label={t('mine.leaf.commitment')}>
            <code className="text-xs">{proof.commitment}</code>
          </Row>
          <Row label={t('mine.leaf.root')}>
            <code className="text-xs">{proof.snapshot.rootHash}</code>
          </Row>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => downloadJson(`proof-of-liabilities-${proof.snapshot.id}-mine.json`, proof)}
          >
            {t('mine.downloadProof')}
          </button>
          {published.data ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => downloadJson(`proof-of-liabilities-${proof.snapshot.id}.json`, published.data)}
            >
              {t('mine.downloadSnapshot')}
            </button>
          ) : null}
          <CopyButton text={json} label={t('mine.copyProof')} />
          <Link to="/proof-of-liabilities" className="btn-ghost">
            {t('mine.openPublic')}
          </Link>
        </div>
      </SectionCard>
    </>
  );
}

/** /app/:userName/proof-of-liabilities: the investor's own proof of liabilities, verified in their browser. */
export function Component() {
  const { t } = useTranslation('proof');
  usePageTitle(t('mine.pageTitle'));
  const mine = useMyLiabilityProof();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8" data-testid="my-proof-page">
      <PageHeader title={t('mine.title')} description={t('mine.description')} />
      <QueryView
        query={mine}
        pending={<Spinner label={t('mine.loading')} />}
        renderError={(error) =>
          // None published yet, or the account is younger than the latest snapshot: the server says which.
          error instanceof ApiError && error.status === 404 ? (
            <Notice tone="info" title={t('mine.unavailable')} testId="my-proof-unavailable">
              {errorMessage(error, t('mine.loadFailed'))}
            </Notice>
          ) : (
            <LoadError error={error} fallback={t('mine.loadFailed')} onRetry={() => void mine.refetch()} />
          )
        }
      >
        {(proof) => <Proof proof={proof} />}
      </QueryView>
      <ProofHonesty />
      <ProofFormulas />
      <VerifierScript />
    </div>
  );
}
