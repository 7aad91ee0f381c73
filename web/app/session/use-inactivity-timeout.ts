import { useEffect } from 'react';
import { inactivityCheckIntervalMs, isSessionExpired, parseTimestamp, shouldRecordActivity } from './inactivity.js';
import { sessionKeys } from './session-storage.js';

const activityEvents = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * While `active`, any mouse, key, scroll or touch activity refreshes `session_start_time`; after
 * `timeoutMin` minutes without it, `onExpire` runs. The time lives in local storage so that all tabs
 * of the app share one clock.
 */
export function useInactivityTimeout(active: boolean, timeoutMin: number, onExpire: () => void): void {
  useEffect(() => {
    if (!active) return;
    const storage = window.localStorage;
    const lastActivity = () => parseTimestamp(storage.getItem(sessionKeys.sessionStartTime));
    const record = () => storage.setItem(sessionKeys.sessionStartTime, String(Date.now()));
    const check = () => {
      if (isSessionExpired(lastActivity(), Date.now(), timeoutMin)) onExpire();
    };
    check();
    if (lastActivity() === null) record();
    // A machine waking from sleep reports activity before the timer fires: the expiry wins.
    const onActivity = () => {
      const last = lastActivity();
      if (isSessionExpired(last, Date.now(), timeoutMin)) onExpire();
      else if (shouldRecordActivity(last, Date.now())) record();
    };
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true, capture: true });
    window.addEventListener('focus', check);
    const timer = window.setInterval(check, inactivityCheckIntervalMs(timeoutMin));
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener('focus', check);
      window.clearInterval(timer);
    };
  }, [active, timeoutMin, onExpire]);
}
