/**
 * infra/k8s: the Kustomize base and every overlay are rendered with the real
 * `kubectl kustomize`, and every object is validated against the Kubernetes
 * API schemas (kubernetes-models, generated from Kubernetes' OpenAPI
 * definitions). Then what Latchkey relies on: probes, Service/HPA/PDB per
 * Deployment, Secret and ConfigMap references, the migrate Job, and an
 * Ingress that routes like the edge (never /admin nor /metrics).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describeWithBinary, findExecutable } from '@latchkey/testing';
import { composeConfig, root } from './compose-config.js';

type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
};

const k8sDir = path.join(root, 'infra', 'k8s');
const overlays = readdirSync(path.join(k8sDir, 'overlays'));
const SERVICES = { 'auth-central': 4101, 'app-signin': 4102, strategy: 4103, 'ai-gateway': 4104 } as const;

function render(dir: string): Obj[] {
  const r = spawnSync(findExecutable('kubectl')!, ['kustomize', dir], { encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${r.stderr}`);
  return parseAllDocuments(r.stdout)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
}

/** The kubernetes-models class of an object (`apps/v1` + `Deployment` → kubernetes-models/apps/v1/Deployment). */
async function modelOf(o: Obj): Promise<new (data: unknown) => { validate(): void }> {
  const mod = (await import(`kubernetes-models/${o.apiVersion}/${o.kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const cls = mod[o.kind];
  if (!cls) throw new Error(`no schema for ${o.apiVersion} ${o.kind}`);
  return cls;
}

const secretKeysDocumented = () =>
  new Set(
    readFileSync(path.join(k8sDir, 'secrets.env.example'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('=')[0]!),
  );

/** Does an Ingress path (Prefix/Exact) route the request path `p`? (Kubernetes' path matching, element-wise.) */
function routes(rule: { path: string; pathType: string }, p: string): boolean {
  if (rule.pathType === 'Exact') return rule.path === p;
  const prefix = rule.path.replace(/\/+$/, '');
  return prefix === '' || p === prefix || p.startsWith(`${prefix}/`);
}

describeWithBinary('kubectl', 'apt-get install kubectl (or kubernetes-client)')('Kubernetes manifests (infra/k8s)', () => {
  const rendered: Record<string, Obj[]> = {};
  beforeAll(() => {
    rendered.base = render(path.join(k8sDir, 'base'));
    for (const o of overlays) rendered[o] = render(path.join(k8sDir, 'overlays', o));
  });

  it('has a base and overlays', () => {
    expect(overlays.sort()).toEqual(['production', 'staging']);
  });

  it('validates every object of the base and of every overlay against the Kubernetes API schemas', async () => {
    let n = 0;
    for (const [name, objects] of Object.entries(rendered)) {
      expect(objects.length).toBeGreaterThan(0);
      for (const o of objects) {
        const Model = await modelOf(o);
        try {
          new Model(o).validate();
        } catch (err) {
          throw new Error(`${name}: ${o.kind} ${o.metadata.name}: ${(err as Error).message}`);
        }
        n++;
      }
    }
    expect(n).toBe(21 * (1 + overlays.length));
  });

  it('the validation refuses a broken object (the check can fail)', async () => {
    const d = structuredClone(rendered.base!.find((o) => o.kind === 'Deployment')!);
    d.spec.template.spec.containers[0].readinessProbe.httpGet = { path: '/readyz' }; // no port
    const Model = await modelOf(d);
    expect(() => new Model(d).validate()).toThrow(/port/);
    d.spec.replicas = 'two';
    expect(() => new Model(d).validate()).toThrow(/integer/);
  });

  it.each(Object.keys(SERVICES))('%s: Deployment with probes on /readyz and /healthz, Service, HPA and PDB that select it', (service) => {
    for (const [name, objects] of Object.entries(rendered)) {
      const of = (kind: string) => objects.filter((o) => o.kind === kind && o.metadata.name === service);
      const [dep] = of('Deployment');
      expect(dep).toBeDefined();
      const port = SERVICES[service as keyof typeof SERVICES];
      const c = dep!.spec.template.spec.containers[0];
      expect(c.ports).toEqual([{ name: 'http', containerPort: port, protocol: 'TCP' }]);
      expect(c.env.find((e: { name: string }) => e.name === 'PORT').value).toBe(String(port));
      expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(dep!.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      expect(c.image).toMatch(name === 'base' ? new RegExp(`^latchkey/${service}:`) : new RegExp(`^registry\\.example\\.com/latchkey/${service}:`));
      const labels = dep!.spec.template.metadata.labels;
      const selects = (sel: Record<string, string>) => Object.entries(sel).every(([k, v]) => labels[k] === v);
      expect(selects(dep!.spec.selector.matchLabels)).toBe(true);
      const [svc] = of('Service');
      expect(selects(svc!.spec.selector)).toBe(true);
      expect(svc!.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http', protocol: 'TCP' }]);
      const [hpa] = of('HorizontalPodAutoscaler');
      expect(hpa!.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: service });
      expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
      const [pdb] = of('PodDisruptionBudget');
      expect(selects(pdb!.spec.selector.matchLabels)).toBe(true);
      // Scraped by Prometheus on the service port.
      expect(dep!.spec.template.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(port),
        'prometheus.io/path': '/metrics',
      });
      if (name !== 'base') expect(dep!.metadata.namespace).toBe(name === 'production' ? 'latchkey' : 'latchkey-staging');
    }
  });

  it('takes every secret from latchkey-secrets by documented keys, and every ConfigMap key exists', () => {
    const documented = secretKeysDocumented();
    for (const objects of Object.values(rendered)) {
      const maps = new Map(objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]));
      for (const o of objects.filter((x) => x.kind === 'Deployment' || x.kind === 'Job')) {
        for (const c of o.spec.template.spec.containers) {
          for (const e of c.env ?? []) {
            const s = e.valueFrom?.secretKeyRef;
            if (s) {
              expect(s.name).toBe('latchkey-secrets');
              expect([o.metadata.name, documented.has(s.key) ? 'documented' : s.key]).toEqual([o.metadata.name, 'documented']);
            }
            const m = e.valueFrom?.configMapKeyRef;
            if (m) expect(Object.keys(maps.get(m.name) ?? {})).toContain(m.key);
          }
          for (const f of c.envFrom ?? []) expect(maps.has(f.configMapRef.name)).toBe(true);
        }
      }
    }
  });

  it('runs the migrations as a Job of the migrate image on the server URL', () => {
    for (const objects of Object.values(rendered)) {
      const job = objects.find((o) => o.kind === 'Job')!;
      expect(job.metadata.name).toBe('latchkey-migrate');
      const c = job.spec.template.spec.containers[0];
      expect(c.image).toMatch(/latchkey\/migrate:/);
      expect(c.env).toEqual([{ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'latchkey-secrets', key: 'MIGRATE_DATABASE_URL' } } }]);
      expect(job.spec.template.spec.restartPolicy).toBe('OnFailure');
    }
  });

  it('routes like the edge: one host per public address, never /admin or /metrics, 10 MB and unbuffered streaming for the gateway only', () => {
    for (const [name, objects] of Object.entries(rendered)) {
      const ingresses = objects.filter((o) => o.kind === 'Ingress');
      const services = new Set(objects.filter((o) => o.kind === 'Service').map((o) => o.metadata.name));
      const byHost = new Map<string, { service: string; ingress: Obj }>();
      for (const ing of ingresses) {
        expect(ing.spec.ingressClassName).toBe('nginx');
        for (const rule of ing.spec.rules) {
          for (const p of rule.http.paths) {
            expect(services.has(p.backend.service.name)).toBe(true);
            expect(p.backend.service.port).toEqual({ name: 'http' });
            for (const forbidden of ['/admin', '/admin/apps', '/metrics', '/metrics/', '/', '/healthz']) {
              expect([rule.host, p.path, routes(p, forbidden)]).toEqual([rule.host, p.path, false]);
            }
            byHost.set(rule.host, { service: p.backend.service.name, ingress: ing });
          }
        }
      }
      const domain = name === 'base' ? 'example.com' : name === 'production' ? 'example.com' : 'staging.example.com';
      expect(Object.fromEntries([...byHost].map(([h, v]) => [h, v.service]))).toEqual({
        [`auth.${domain}`]: 'auth-central',
        [`signin.${domain}`]: 'app-signin',
        [`*.signin.${domain}`]: 'app-signin',
        [`api.${domain}`]: 'strategy',
        [`ai.${domain}`]: 'ai-gateway',
      });
      for (const [host, { ingress }] of byHost) {
        const a = ingress.metadata.annotations ?? {};
        if (host.startsWith('ai.')) {
          expect(a['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('10m');
          expect(a['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
          expect(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(600);
        } else {
          expect(a['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('1m');
          expect(a['nginx.ingress.kubernetes.io/proxy-buffering']).toBeUndefined();
        }
      }
      // The public routes the services answer are routed.
      const routed = (host: string, p: string) =>
        ingresses.some((ing) => ing.spec.rules.some((r: any) => r.host === host && r.http.paths.some((x: any) => routes(x, p))));
      expect(routed(`auth.${domain}`, '/context/auth/validate')).toBe(true);
      expect(routed(`auth.${domain}`, '/.well-known/jwks.json')).toBe(true);
      expect(routed(`signin.${domain}`, '/a/acme-abcdefghijklmnopqrstuv/api/auth/sign-in/email')).toBe(true);
      expect(routed(`api.${domain}`, '/v1/framework')).toBe(true);
      expect(routed(`ai.${domain}`, '/v1/chat/completions')).toBe(true);
      if (name !== 'base') expect(ingresses.every((i) => i.spec.tls?.[0]?.secretName === 'latchkey-tls')).toBe(true);
    }
  });

  (findExecutable('docker-compose') ? it : it.skip)('gives each service the same variables as docker-compose', () => {
    const compose = composeConfig().services;
    const objects = rendered.production!;
    const common = Object.keys(objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'latchkey-common')!.data!);
    for (const service of Object.keys(SERVICES)) {
      const dep = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === service)!;
      const names = new Set([...dep.spec.template.spec.containers[0].env.map((e: { name: string }) => e.name), ...common]);
      expect([service, Object.keys(compose[service]!.environment!).filter((n) => !names.has(n))]).toEqual([service, []]);
    }
  });
});
