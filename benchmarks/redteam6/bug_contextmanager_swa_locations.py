import contextlib


@contextlib.contextmanager
def swa_locations(allocator, loc):
    """Yields the SWA-space locations for one step (identity for non-hybrid allocators)."""
    translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
    yield translate(loc) if translate is not None else loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    def forward_decode(self, loc):
        with swa_locations(self.model_runner.token_to_kv_pool_allocator, loc) as swa_loc:
            return self.model_runner.token_to_kv_pool, swa_loc
