from dataclasses import dataclass


@dataclass(frozen=True)
class AttnKVConfig:
    page_size: int
    sliding_window: bool
    max_running_requests: int

    @classmethod
    def from_model_runner(cls, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        return cls(
            page_size=model_runner.page_size,
            sliding_window=hasattr(allocator, "swa_attn_allocator"),
            max_running_requests=model_runner.max_running_requests,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.config = AttnKVConfig.from_model_runner(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.config.sliding_window:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
