import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { defaultLayoutConfig, type LayoutConfig, readLayoutConfig, writeLayoutConfig } from './layout-config.js';

interface ConfigContextValue {
  config: LayoutConfig;
  update: (changes: Partial<LayoutConfig>) => void;
  reset: () => void;
}

const ConfigContext = createContext<ConfigContextValue | null>(null);

/** Holds the layout configuration and writes every change to local storage. */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<LayoutConfig>(() => readLayoutConfig(window.localStorage, navigator.languages ?? [navigator.language]));
  useEffect(() => writeLayoutConfig(window.localStorage, config), [config]);
  const update = useCallback((changes: Partial<LayoutConfig>) => setConfig((current) => ({ ...current, ...changes })), []);
  const reset = useCallback(() => setConfig((current) => ({ ...defaultLayoutConfig, locale: current.locale })), []);
  const value = useMemo(() => ({ config, update, reset }), [config, update, reset]);
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

export function useConfig(): ConfigContextValue {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('useConfig needs a ConfigProvider');
  return value;
}
