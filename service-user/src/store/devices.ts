import type { Database } from '../db/database';
import { isUniqueViolation } from './uniqueViolation';

export interface DeviceInfo {
  deviceId: string | null;
  deviceName: string | null;
}

const NONE: DeviceInfo = { deviceId: null, deviceName: null };

/** One linked phone per user; one user per phone. */
export const devices = {
  async get(db: Database, uid: string): Promise<DeviceInfo> {
    const { rows } = await db.query<{ device_id: string; device_name: string }>('SELECT device_id, device_name FROM devices WHERE uid = $1', [uid]);
    const row = rows[0];
    return row ? { deviceId: row.device_id, deviceName: row.device_name } : NONE;
  },

  async unlink(db: Database, uid: string): Promise<DeviceInfo> {
    await db.query('DELETE FROM devices WHERE uid = $1', [uid]);
    return NONE;
  },

  async link(db: Database, uid: string, device: { deviceId: string; deviceName: string }): Promise<DeviceInfo | 'other_device_linked' | 'device_taken'> {
    try {
      return await linkOnce(db, uid, device);
    } catch (error) {
      // Another user linked this phone between our check and our insert (concurrent transactions).
      if (isUniqueViolation(error, 'devices_device_id_key')) return 'device_taken';
      throw error;
    }
  },
};

/** Check, then insert, in one transaction; the check cannot see a concurrent uncommitted insert. */
function linkOnce(db: Database, uid: string, device: { deviceId: string; deviceName: string }) {
  return db.transaction<DeviceInfo | 'other_device_linked' | 'device_taken'>(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE uid = $1 FOR UPDATE', [uid]);
    const { rows: mine } = await tx.query<{ device_id: string }>('SELECT device_id FROM devices WHERE uid = $1', [uid]);
    if (mine[0] && mine[0].device_id !== device.deviceId) return 'other_device_linked';
    const { rows: taken } = await tx.query('SELECT 1 FROM devices WHERE device_id = $1 AND uid <> $2', [device.deviceId, uid]);
    if (taken.length > 0) return 'device_taken';
    await tx.query(
      `INSERT INTO devices (uid, device_id, device_name) VALUES ($1, $2, $3)
       ON CONFLICT (uid) DO UPDATE SET device_name = EXCLUDED.device_name`,
      [uid, device.deviceId, device.deviceName],
    );
    return { deviceId: device.deviceId, deviceName: device.deviceName };
  });
}
