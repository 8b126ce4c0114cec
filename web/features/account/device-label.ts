// A user agent as people name their device: 'Chrome en Linux', 'Safari en iPhone'. Order matters:
// Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const find = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1];

export function deviceLabel(userAgent: string | null, kind?: string): string {
  if (!userAgent) return kind === 'bearer' ? 'Cliente de la API' : 'Dispositivo desconocido';
  const browser = find(userAgent, BROWSERS);
  const system = find(userAgent, SYSTEMS);
  if (browser && system) return `${browser} en ${system}`;
  if (browser || system) return (browser ?? system)!;
  // Not a browser (curl, a script): its product token is the clearest name.
  return userAgent.split(/[\s/]/)[0]?.slice(0, 40) || 'Dispositivo desconocido';
}
