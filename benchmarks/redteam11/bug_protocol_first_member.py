"""Backend that finds the SWA-capable member of the runner structurally (duck typing)."""

from typing import Protocol, runtime_checkable


@runtime_checkable
class SupportsSwaTranslation(Protocol):
    def translate_loc_from_full_to_swa(self, loc): ...


def _first_swa_capable(runner):
    for value in vars(runner).values():
        if isinstance(value, SupportsSwaTranslation):
            return value
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa = _first_swa_capable(model_runner)

    def forward_decode(self, loc):
        if self._swa is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._swa.translate_loc_from_full_to_swa(loc)
