#!/usr/bin/perl
# The perl co-runner's job (simtref hetero, standing in for 400.perlbench): reads the
# generated text named on the command line and does what scripting jobs do with text:
# regular expressions (e-mail addresses, dates, amounts, times), hashes (word and bigram
# counts), string building (rewritten lines), sorting, and a digest of it all on stdout.
use strict;
use warnings;

my $path = shift @ARGV or die "usage: corun.pl TEXT\n";
open my $in, '<', $path or die "corun.pl: $path: $!\n";

my (%words, %bigrams, %mail, %dates, %hours);
my ($cents, $lines, $prev, $built, $digest) = (0, 0, '', '', 0);
while (my $line = <$in>) {
  chomp $line;
  $lines++;
  while ($line =~ /\b([a-z]+)\.([a-z]+)@([a-z]+)\.(org|com|net)\b/g) {
    $mail{"$3.$4"}{"$1.$2"}++;
  }
  while ($line =~ /\b(\d{4})-(\d\d)-(\d\d)\b/g) {
    $dates{"$3/$2/$1"}++;
  }
  while ($line =~ /\$(\d+)\.(\d\d)\b/g) {
    $cents += $1 * 100 + $2;
  }
  while ($line =~ /\b(\d\d):(\d\d)\b/g) {
    $hours{$1} += $2;
  }
  for my $w (split /[^A-Za-z]+/, $line) {
    next if $w eq '';
    $w = lc $w;
    $words{$w}++;
    $bigrams{"$prev $w"}++ if $prev ne '';
    $prev = $w;
  }
  if (length($line) > 40) {
    (my $t = $line) =~ s/([aeiou])([bcdfghklmnprstvw])/$2$1/g;
    $t =~ tr/a-z/n-za-m/;
    $built .= ucfirst(join(' ', reverse split / /, $t)) . "\n";
  }
  if (length($built) > 1 << 16) {
    $digest = ($digest * 31 + length($built) + ord(substr($built, 100, 1))) % 1000000007;
    $built = '';
  }
}
close $in;

my @top = sort { $words{$b} <=> $words{$a} || $a cmp $b } keys %words;
my @pairs = sort { $bigrams{$b} <=> $bigrams{$a} || $a cmp $b } keys %bigrams;
printf "%d lines, %d words, %d bigrams, %d hosts, %d dates, %d cents, digest %d\n", $lines,
  scalar(@top), scalar(@pairs), scalar(keys %mail), scalar(keys %dates), $cents, $digest;
printf "%-12s %d\n", $_, $words{$_} for @top[0 .. 19];
printf "%-24s %d\n", $_, $bigrams{$_} for @pairs[0 .. 19];
printf "%s %d\n", $_, scalar(keys %{$mail{$_}}) for (sort keys %mail)[0 .. 9];
printf "%s %d\n", $_, $hours{$_} for sort keys %hours;
