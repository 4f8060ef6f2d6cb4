import { defineRule, isJsonObject } from '@platlint/core';
import { hasBacksteps } from '../kit/names.js';
import { containersOf, podSpec } from '../kit/paths.js';
import { forEachObject } from '../kit/objects.js';
import docs from './volume-devices.md';
import type { Obj } from '../kit/objects.js';

export default defineRule({
  meta: {
    id: 'deployment/volume-devices',
    description: 'volumeDevices name claim-backed volumes of the pod template, once each, at device paths of their own.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (volume devices)',
    docs,
    messages: {
      deviceTwice: 'volume "{{name}}" is already a device of this container',
      deviceAlsoMounted: 'volume "{{name}}" is also mounted by this container; a volume is either mounted or a device',
      unknownVolume: 'volumeDevice "{{name}}" names no volume of this pod',
      notAClaim: 'volume "{{name}}" is not a persistentVolumeClaim or ephemeral volume; only claims can be block devices',
      devicePathDotDot: `devicePath "{{devicePath}}" must not contain '..'`,
      devicePathTwice: 'devicePath "{{devicePath}}" is already used by another device',
      devicePathIsMountPath: 'devicePath "{{devicePath}}" is also a mountPath of this container',
    },
  },
  check(context) {
    let volumes: Map<unknown, Obj> | undefined;
    for (const { container, path } of containersOf(context.value)) {
      // Most containers have no devices: the sets below are made only for one that has.
      if (!Array.isArray(container.volumeDevices) || container.volumeDevices.length === 0) continue;
      volumes ??= volumesByName(podSpec(context.value));
      const mountNames = new Set<unknown>();
      const mountPaths = new Set<unknown>();
      forEachObject(container.volumeMounts, (mount) => {
        mountNames.add(mount.name);
        mountPaths.add(mount.mountPath);
      });
      const names = new Set<unknown>();
      const paths = new Set<string>();
      forEachObject(container.volumeDevices, (device, i) => {
        const at = [...path, 'volumeDevices', i];
        const { name, devicePath } = device;
        if (typeof name === 'string' && name !== '') {
          const volume = volumes?.get(name);
          if (names.has(name)) context.report({ path: [...at, 'name'], messageId: 'deviceTwice', data: { name } });
          else if (mountNames.has(name))
            context.report({ path: [...at, 'name'], messageId: 'deviceAlsoMounted', data: { name } });
          else if (!volume) context.report({ path: [...at, 'name'], messageId: 'unknownVolume', data: { name } });
          else if (!isClaim(volume)) context.report({ path: [...at, 'name'], messageId: 'notAClaim', data: { name } });
          names.add(name);
        }
        if (typeof devicePath !== 'string' || devicePath === '') return;
        if (hasBacksteps(devicePath))
          context.report({ path: [...at, 'devicePath'], messageId: 'devicePathDotDot', data: { devicePath } });
        else if (paths.has(devicePath))
          context.report({ path: [...at, 'devicePath'], messageId: 'devicePathTwice', data: { devicePath } });
        else if (mountPaths.has(devicePath))
          context.report({ path: [...at, 'devicePath'], messageId: 'devicePathIsMountPath', data: { devicePath } });
        paths.add(devicePath);
      });
    }
  },
});

/** The pod's volumes by name, the last of a repeated name winning (a repeat is deployment/volume-names'). */
function volumesByName(pod: Obj | undefined): Map<unknown, Obj> {
  const out = new Map<unknown, Obj>();
  forEachObject(pod?.volumes, (volume) => out.set(volume.name, volume));
  return out;
}

function isClaim(volume: Obj): boolean {
  return isJsonObject(volume.persistentVolumeClaim) || isJsonObject(volume.ephemeral);
}
