"""Multi-step draft backend: one child backend per speculative step."""


class _StepBackend:
    def __init__(self, model_runner, step_id: int):
        self.step_id = step_id
        self.model_runner = model_runner
        alloc = model_runner.token_to_kv_pool_allocator
        self.swa_enabled = type(alloc).__name__.startswith("SWA")

    def forward_decode(self, loc):
        pool = self.model_runner.token_to_kv_pool
        if self.swa_enabled:
            loc = self.model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.attn_backends = [
            _StepBackend(model_runner, i) for i in range(self.speculative_num_steps - 1)
        ]

    def forward_decode(self, loc):
        out = None
        for backend in self.attn_backends:
            out = backend.forward_decode(loc)
        return out
