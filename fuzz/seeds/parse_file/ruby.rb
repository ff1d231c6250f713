# frozen_string_literal: true

require "json"

# Billing helpers shared by the app.
module Billing
  VERSION = "1.2.0"
  DEFAULT_CURRENCY = :usd

  # Raised when an invoice cannot be paid.
  class PaymentError < StandardError; end

  # An invoice with lines.
  class Invoice
    include Comparable

    attr_accessor :number, :lines
    attr_reader :currency

    # Builds an invoice.
    def initialize(number, currency: DEFAULT_CURRENCY)
      @number = number
      @currency = currency
      @lines = []
    end

    # Whether there is nothing to pay.
    def empty?
      lines.empty?
    end

    def pay!
      raise PaymentError, "empty invoice" if empty?

      @paid = true
    end

    def <=>(other)
      number <=> other.number
    end

    def total = lines.sum

    # Loads an invoice from JSON.
    def self.from_json(text)
      data = JSON.parse(text)
      new(data["number"])
    end

    class << self
      # All invoices.
      def all
        @all ||= []
      end

      def find(number) = all.find { |i| i.number == number }
    end

    private

    def validate
      true
    end
  end

  module Formatting
    def self.money(amount)
      format("%.2f", amount)
    end

    module_function

    def pad(text, width)
      text.ljust(width, pad_char)
    end

    private def pad_char = " "
  end
end

class Billing::Receipt < Billing::Invoice
  def printable?
    true
  end
end

def Billing.configure
  yield self
end

Point = Struct.new(:x, :y) do
  def distance
   