import { useMutation } from '@tanstack/react-query';
import { FileJson, Landmark } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zProofDocument, type LiabilitySnapshot, type ProofDocument } from '@contract/proof-of-liabilities';
import { hrefOf } from '../../../api/call';
import { ApiError, errorMessage } from '../../../api/client';
import { fetchLiabilitySnapshot, fetchMyLiabilityProof, useLatestLiabilities } from '../../../api/proofOfLiabilities';
import { useSession } from '../../../api/session';
import { SectionCard } from '../../../components/Card';
import { inputClass } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { ProofFormulas } from '../../../components/proof/ProofFormulas';
import { ProofHonesty } from '../../../components/proof/ProofHonesty';
import { ProofReportView } from '../../../components/proof/ProofReportView';
import { VerifierScript } from '../../../components/proof/VerifierScript';
import { canHash, checkProof } from '../../../components/proof/proofCheck';
import { formatCentsUsd, formatDateTime, formatNumber } from '../../../lib/format';
import { usePageMeta } from '../../../lib/usePageMeta';
import { PageHero } from './PageHero';
import { apiOf } from '../../../api/routes';

const proofOfLiabilitiesApi = apiOf('proofOfLiabilitiesApi');

/** Why a pasted proof could not be checked at all (as opposed to checked and failing). */
class Unreadable extends Error {
  constructor(readonly reason: 'empty' | 'notJson' | 'notProof' | 'unsupported') {
    super(reason);
  }
}

const REASON = {
  empty: 'verify.empty',
  notJson: 'verify.notJson',
  notProof: 'verify.notProof',
  unsupported: 'verify.unsupported',
} as const;

/** Reads the pasted text as a proof, or says why it is not one. */
function readProof(text: string): ProofDocument {
  if (!text.trim()) throw new Unreadable('empty');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Unreadable('notJson');
  }
  const parsed = zProofDocument.safeParse(json);
  if (!parsed.success) throw new Unreadable('notProof');
  return parsed.data;
}

/** The published snapshot the proof names, or null when this site publishes none by that id. */
async function publishedFor(proof: ProofDocument) {
  if (!Number.isSafeInteger(proof.snapshot.id) || proof.snapshot.id < 1) return null;
  try {
    return await fetchLiabilitySnapshot(proof.snapshot.id);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/**
 * One of the snapshot's facts: its value, or while it loads a hidden stand-in of the same text
 * size (`sample`), so the value lands in the space already drawn and nothing below it moves. The
 * stand-ins are fixed text: formatting them would start the browser's Intl data during hydration
 * (~80 ms on a throttled phone) instead of in the data's own render.
 */
function Fact(props: {
  label: string;
  value: ReactNode;
  sample: string;
  className?: string;
  /** Across the whole grid (the root hash). */
  wide?: boolean;
  testId?: string;
}) {
  const { label, value, sample, className = 'text-lg font-semibold', wide, testId } = props;
  return (
    <div className={wide ? 'sm:col-span-2 lg:col-span-4' : undefined}>
      <dt className="text-sm text-muted">{label}</dt>
      {/* The same box either way (a span in the list's value), so the value keeps the stand-in's lines. */}
      <dd data-testid={value === null ? undefined : testId}>
        {value === null ? (
          <span
            className={`${className} animate-pulse rounded bg-surface-2 text-transparent select-none`}
            aria-hidden="true"
          >
            {sample}
          </span>
        ) : (
          <span className={className}>{value}</span>
        )}
      </dd>
    </div>
  );
}

/** The published snapshot's facts and its download; `null` draws the same frame while it loads. */
function SnapshotFacts({ snapshot: s }: { snapshot: LiabilitySnapshot | null }) {
  const { t } = useTranslation(['proof', 'common']);
  return (
    <div className="flex flex-col gap-4">
      {s ? null : (
        <span role="status" className="sr-only">
          {t('common:word.loading')}
        </span>
      )}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,auto)]">
        <Fact label={t('latest.id')} value={s && t('latest.idValue', { id: s.id })} sample="#100" />
        <Fact
          label={t('latest.takenAt')}
          value={s && formatDateTime(s.takenAt)}
          sample="Dec 31, 2026, 12:00 PM"
          className="text-lg font-semibold whitespace-nowrap"
        />
        <Fact
          label={t('latest.total')}
          value={s && formatCentsUsd(BigInt(s.totalCents))}
          sample="$100,000.00"
          testId="proof-latest-total"
        />
        <Fact label={t('latest.leafCount')} value={s && formatNumber(s.leafCount)} sample="1,000" />
        <Fact
          label={t('latest.root')}
          value={s && <code>{s.rootHash}</code>}
          sample={'0'.repeat(64)}
          className="font-mono text-sm break-all"
          wide
          testId="proof-latest-root"
        />
      </dl>
      <div>
        {s ? (
          <a
            className="btn-secondary whitespace-normal"
            href={hrefOf(proofOfLiabilitiesApi.byId, { params: { id: s.id } })}
            download
          >
            {t('latest.download')}
          </a>
        ) : (
          <span className="btn-secondary invisible whitespace-normal" aria-hidden="true">
            {t('latest.download')}
          </span>
        )}
      </div>
    </div>
  );
}

/** /proof-of-liabilities: the latest published root, and a verifier for any proof, run in the browser. */
export function ProofOfLiabilities() {
  const { t } = useTranslation('proof');
  usePageMeta({ title: t('public.metaTitle'), description: t('public.metaDescription') });
  const latest = useLatestLiabilities();
  const session = useSession();
  const fieldId = useId();
  const [text, setText] = useState('');
  const verify = useMutation({
    mutationFn: async (pasted: string) => {
      const proof = readProof(pasted);
      if (!canHash()) throw new Unreadable('unsupported');
      const published = await publishedFor(proof);
      return { proof, published, report: await checkProof(proof, published) };
    },
  });
  const fetchMine = useMutation({
    mutationFn: fetchMyLiabilityProof,
    onSuccess: (proof) => {
      const json = JSON.stringify(proof, null, 2);
      setText(json);
      verify.mutate(json);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(text);
  };
  const result = verify.data;

  return (
    <>
      <PageHero eyebrow={t('public.eyebrow')} title={t('public.title')} lead={t('public.lead')} />
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="proof-page">
        <SectionCard title={t('latest.title')} icon={Landmark} testId="proof-latest">
          <QueryView
            query={latest}
            pending={<SnapshotFacts snapshot={null} />}
            renderError={(error) =>
              error instanceof ApiError && error.status === 404 ? (
                <p className="text-sm text-muted">{t('latest.none')}</p>
              ) : (
                <Notice tone="error" title={t('latest.loadFailed')}>
                  {errorMessage(error, t('latest.loadFailed'))}
                </Notice>
              )
            }
          >
            {(s) => <SnapshotFacts snapshot={s} />}
          </QueryView>
        </SectionCard>

        <SectionCard title={t('verify.title')} description={t('verify.description')} icon={FileJson}>
          <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
            <label htmlFor={fieldId} className="text-sm font-medium">
              {t('verify.label')}
            </label>
            <textarea
              id={fieldId}
              rows={10}
              spellCheck={false}
              className={`${inputClass} font-mono text-xs`}
              placeholder={t('verify.placeholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-primary" disabled={verify.isPending}>
                {verify.isPending ? t('report.checking') : t('verify.submit')}
              </button>
              {session.data ? (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={fetchMine.isPending}
                  onClick={() => fetchMine.mutate()}
                >
                  {t('verify.fetchMine')}
                </button>
              ) : null}
            </div>
          </form>
          <div className="mt-4 flex flex-col gap-3" aria-live="polite">
            {fetchMine.isError ? (
              <Notice tone="error" title={t('verify.fetchFailed')}>
                {errorMessage(fetchMine.error, t('verify.fetchFailed'))}
              </Notice>
            ) : null}
            {verify.isError ? (
              <Notice tone="error" testId="proof-unreadable">
                {verify.error instanceof Unreadable
                  ? t(REASON[verify.error.reason])
                  : errorMessage(verify.error, t('verify.failed'))}
              </Notice>
            ) : null}
            {result && !verify.isPending ? (
              <>
                {result.published === null ? (
                  <Notice tone="warning">{t('verify.publishedMissing', { id: result.proof.snapshot.id })}</Notice>
                ) : null}
                <ProofReportView report={result.report} proof={result.proof} />
              </>
            ) : null}
          </div>
        </SectionCard>

        <ProofHonesty />
        <ProofFormulas />
        <VerifierScript />
      </div>
    </>
  );
}
