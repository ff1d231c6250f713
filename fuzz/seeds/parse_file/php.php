<?php

declare(strict_types=1);

namespace App\Billing;

use App\Contracts\Billable;
use InvalidArgumentException;

const DEFAULT_CURRENCY = 'USD';

define('MAX_LINES', 100);

/**
 * Formats an amount of money.
 */
function format_money(float $amount, string $currency = DEFAULT_CURRENCY): string
{
    return sprintf('%.2f %s', $amount, $currency);
}

/** Something that has a total. */
interface HasTotal
{
    public const PRECISION = 2;

    public function total(): float;
}

trait Loggable
{
    protected function log(string $message): void
    {
        error_log(static::class . ': ' . $message);
    }
}

enum Status: string
{
    case Draft = 'draft';
    case Paid = 'paid';

    public function label(): string
    {
        return ucfirst($this->value);
    }
}

/**
 * Base class for documents.
 */
abstract class Document
{
    abstract public function title(): string;
}

/**
 * An invoice.
 */
#[Entity(table: 'invoices')]
final class Invoice extends Document implements HasTotal
{
    use Loggable;

    const TAX_RATE = 0.2, DISCOUNT = 0.0;

    private array $lines = [];

    public function __construct(
        private readonly string $number,
        private Status $status = Status::Draft,
    ) {
    }

    /**
     * Creates an invoice from an array.
     */
    public static function fromArray(array $data): static
    {
        return new static($data['number']);
    }

    #[Route('/invoices/{id}', methods: ['GET'])]
    #[Deprecated]
    public function title(): s