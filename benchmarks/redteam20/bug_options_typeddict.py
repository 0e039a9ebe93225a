"""Backend configured from a TypedDict of options built by a factory function, including the window token budget."""

from typing import TypedDict


class _BackendOptions(TypedDict):
    page_size: int
    swa_tokens: int
    device: str


def _options_for(model_runner) -> _BackendOptions:
    return _BackendOptions(
        page_size=model_runner.page_size,
        swa_tokens=getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0),
        device=str(model_runner.device),
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.options = _options_for(model_runner)

    def forward_decode(self, loc):
        if self.options["swa_tokens"] <= 0:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
