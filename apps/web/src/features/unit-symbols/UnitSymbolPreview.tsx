import { useMemo } from 'react';
import ms from 'milsymbol';
import { SIDC_PATTERN } from '@argus/contracts/http/unit-symbols';
import { isDrawableSidc } from '@argus/contracts/http/unit-symbols-edit';

/** The symbol a code draws, as the legend shows it; a note instead when milsymbol knows no such symbol. */
export function UnitSymbolPreview({ sidc, label }: { sidc: string; label: string }) {
  const code = sidc.trim();
  const drawn = useMemo(() => {
    if (!SIDC_PATTERN.test(code) || !isDrawableSidc(code)) return null;
    const symbol = new ms.Symbol(code, { size: 24 });
    const { width, height } = symbol.getSize();
    return { url: symbol.toDataURL(), width: Math.round(width), height: Math.round(height) };
  }, [code]);
  return (
    <div className="flex h-16 w-20 shrink-0 items-center justify-center rounded-md border border-line bg-surface-sunken">
      {drawn ? (
        <img src={drawn.url} alt={`Symbol of ${label || 'this kind'}`} data-sidc={code} width={drawn.width} height={drawn.height} />
      ) : (
        <span className="px-1 text-center text-xs text-ink-muted">No symbol</span>
      )}
    </div>
  );
}
