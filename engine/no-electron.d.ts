// What 'electron' resolves to in engine/tsconfig.json: not a module, so any import of
// electron from the engine fails to typecheck. The engine also runs in a worker and under the
// plain-node CLI, where electron is absent (docs/ARCHITECTURE.md).
