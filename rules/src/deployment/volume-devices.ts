import { defineRule, isJsonObject } from '@platlint/core';
import { containersOf, DOCS_DEPLOYMENT_HEAD, objectsIn, podSpec } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/volume-devices',
    description: 'volumeDevices name claim-backed volumes of the pod template, once each, at device paths of their own.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (volume devices)',
    docs: [
      'A `volumeDevices` entry of a container exposes a raw block volume at `devicePath`. The server',
      'refuses an entry that:',
      '',
      '- names no volume of the pod, or a volume that is not a `persistentVolumeClaim` or',
      '  `ephemeral` one (only claims can be block devices);',
      '- names a volume the container already lists in `volumeDevices` or mounts in `volumeMounts`;',
      "- uses a `devicePath` with a `..` element, or one already used by another device or a mount.",
      '',
      'Fails:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - name: db',
      '        image: postgres:17',
      '        volumeDevices: [{name: data, devicePath: /dev/xvda}]',
      '      volumes: [{name: data, emptyDir: {}}]',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - name: db',
      '        image: postgres:17',
      '        volumeDevices: [{name: data, devicePath: /dev/xvda}]',
      '      volumes: [{name: data, persistentVolumeClaim: {claimName: db-data}}]',
      '```',
    ].join('\n'),
  },
  check(context) {
    const volumes = new Map(objectsIn(podSpec(context.value)?.volumes).map(([volume]) => [volume.name, volume]));
    for (const { container, path } of containersOf(context.value)) {
      const mounts = objectsIn(container.volumeMounts).map(([mount]) => mount);
      const mountNames = new Set(mounts.map((mount) => mount.name));
      const mountPaths = new Set(mounts.map((mount) => mount.mountPath));
      const names = new Set<unknown>();
      const paths = new Set<string>();
      for (const [device, i] of objectsIn(container.volumeDevices)) {
        const at = [...path, 'volumeDevices', i];
        const { name, devicePath } = device;
        if (typeof name === 'string' && name !== '') {
          const volume = volumes.get(name);
          if (names.has(name)) context.report({ path: [...at, 'name'], message: `volume "${name}" is already a device of this container` });
          else if (mountNames.has(name)) context.report({ path: [...at, 'name'], message: `volume "${name}" is also mounted by this container; a volume is either mounted or a device` });
          else if (!volume) context.report({ path: [...at, 'name'], message: `volumeDevice "${name}" names no volume of this pod` });
          else if (!isClaim(volume)) context.report({ path: [...at, 'name'], message: `volume "${name}" is not a persistentVolumeClaim or ephemeral volume; only claims can be block devices` });
          names.add(name);
        }
        if (typeof devicePath !== 'string' || devicePath === '') continue;
        if (devicePath.split('/').includes('..')) context.report({ path: [...at, 'devicePath'], message: `devicePath "${devicePath}" must not contain '..'` });
        else if (paths.has(devicePath)) context.report({ path: [...at, 'devicePath'], message: `devicePath "${devicePath}" is already used by another device` });
        else if (mountPaths.has(devicePath)) context.report({ path: [...at, 'devicePath'], message: `devicePath "${devicePath}" is also a mountPath of this container` });
        paths.add(devicePath);
      }
    }
  },
});

function isClaim(volume: Record<string, unknown>): boolean {
  return isJsonObject(volume.persistentVolumeClaim) || isJsonObject(volume.ephemeral);
}
