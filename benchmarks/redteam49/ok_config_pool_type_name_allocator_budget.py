"""Backend configured through ``BackendConfig.from_runner``.

The classmethod takes the runner's pieces explicitly.  The allocator gives the
free-token budget used to cap the decode batch; the window decision comes from
the type of the pool the backend reads.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class BackendConfig:
    window_layers: bool
    decode_budget: int
    context_len: int
    is_draft: bool

    @classmethod
    def from_runner(cls, runner):
        return cls._from_parts(
            runner.server_args,
            runner.model_config,
            runner.token_to_kv_pool,
            runner.token_to_kv_pool_allocator,
            bool(getattr(runner, "is_draft_worker", False)),
        )

    @classmethod
    def _from_parts(cls, server_args, model_config, pool, allocator, is_draft):
        free = allocator.available_size() if hasattr(allocator, "available_size") else 0
        max_bs = getattr(server_args, "max_running_requests", None) or 1
        return cls(
            window_layers=type(pool).__name__.startswith("SWA"),
            decode_budget=min(int(free), int(max_bs) * 64),
            context_len=int(getattr(model_config, "context_len", 0) or 0),
            is_draft=is_draft,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.config = BackendConfig.from_runner(model_runner)

    def _window(self, loc):
        return self.pool.full_to_swa_index_mapping[loc]

    def can_run_decode(self, num_tokens: int) -> bool:
        return num_tokens <= self.config.decode_budget

    def forward_decode(self, loc):
        locations = self._window(loc) if self.config.window_layers else loc
        return self.pool, locations
