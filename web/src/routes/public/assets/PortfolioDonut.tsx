import { useTranslation } from 'react-i18next';
import { Doughnut } from 'react-chartjs-2';
import '../../../components/chart/register';
import { useChartTheme } from '../../../components/chart/theme';
import { formatMoney } from '../../../lib/format';
import { assetColor } from './palette';
import type { Asset } from './portfolio';

/** Spec §2, §9: donut of asset values, cutout 60%, ten-colour palette. */
export default function PortfolioDonut({
  assets,
  selected,
  onSelect,
}: {
  assets: Asset[];
  selected: string | null;
  onSelect: (symbol: string) => void;
}) {
  const { t } = useTranslation('publicPages');
  const theme = useChartTheme();
  return (
    <div className="relative mx-auto aspect-square w-full max-w-72">
      <Doughnut
        role="img"
        aria-label={t('assets.allocation.chart', {
          list: assets.map((a) => `${a.name} ${formatMoney(a.value)}`).join(', '),
        })}
        data={{
          labels: assets.map((a) => a.name),
          datasets: [
            {
              data: assets.map((a) => a.value),
              backgroundColor: assets.map((_a, i) => assetColor(i)),
              borderColor: theme.surface,
              borderWidth: 2,
              offset: assets.map((a) => (a.symbol === selected ? 14 : 0)),
              hoverOffset: 8,
            },
          ],
        }}
        options={{
          cutout: '60%',
          responsive: true,
          maintainAspectRatio: true,
          layout: { padding: 10 },
          plugins: {
            legend: { display: false },
            tooltip: { callbacks: { label: (ctx) => ` ${formatMoney(Number(ctx.raw))}` } },
          },
          onClick: (_event, elements) => {
            const hit = elements[0];
            const asset = hit ? assets[hit.index] : undefined;
            if (asset) onSelect(asset.symbol);
          },
        }}
      />
    </div>
  );
}
