
// A fixture for the C# definitions query.
using System;
using System.Collections.Generic;

namespace Acme.Billing
{
    /// <summary>
    /// The kinds of invoice.
    /// </summary>
    public enum InvoiceKind
    {
        Standard,
        Credit,
    }

    /// <summary>Something that can be billed.</summary>
    public interface IBillable
    {
        decimal Total { get; }

        /// <summary>Bills the customer.</summary>
        bool Bill(string customer);
    }

    public delegate void BilledHandler(object sender, EventArgs e);

    public record Money(decimal Amount, string Currency);

    public readonly record struct Point(int X, int Y)
    {
        public static readonly Point Origin = new Point(0, 0);

        public double Length => Math.Sqrt(X * X + Y * Y);
    }

    /// <summary>
    /// An invoice.
    /// </summary>
    [Serializable]
    [Obsolete("use Invoice2")]
    public class Invoice : IBillable
    {
        public const int MaxLines = 100, MinLines = 1;
        private readonly List<decimal> _lines = new List<decimal>();

        public event BilledHandler Billed;

        /// <summary>Creates an invoice.</summary>
        public Invoice(InvoiceKind kind)
        {
            Kind = kind;
        }

        ~Invoice()
        {
        }

        public InvoiceKind Kind { get; set; }

        public decimal Total
        {
            get
            {
                decimal sum = 0;
                foreach (var line in _lines) sum += line;
